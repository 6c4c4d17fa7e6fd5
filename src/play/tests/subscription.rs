//! Subscriptions: subscribers who see the same share one rendering, and no one else gets it.

use bytes::Bytes;
use futures_util::StreamExt;
use tokio::sync::watch;

use super::*;
use crate::engine::Viewer;
use crate::play::{Content, Deliveries, Delivery, Subscription};

/// The next delivery of `stream`, or none within a moment.
async fn next(stream: &mut Deliveries) -> Option<Delivery> {
    let delivery = tokio::time::timeout(std::time::Duration::from_millis(50), stream.next()).await.ok()?;
    Some(delivery.expect("the stream goes on").expect("a delivery"))
}

#[tokio::test]
async fn subscribers_who_see_the_same_share_one_rendering_and_no_one_else_gets_it() {
    let hub = hub(CacheLimits::default());
    let live = create(&hub, "watched").await;
    let (_shutdown, shutdown) = watch::channel(false);
    let open = async |viewer, with_views| {
        let subscription = Subscription { viewer, opened_with: None, after: 1, max_per_game: 8, with_views };
        let mut stream = hub.subscribe(live.clone(), subscription, shutdown.clone()).await.unwrap();
        // Caught up with the log (nothing after the creation): now on the game's channel.
        assert!(next(&mut stream).await.is_none());
        stream
    };
    let mut first = open(Viewer::Spectator, true).await;
    let mut second = open(Viewer::Spectator, true).await;
    let mut seat = open(Viewer::Seat(Seat::new(0)), true).await;
    let mut without_views = open(Viewer::Spectator, false).await;
    play(&hub, &live, 1).await;

    let made = next(&mut first).await.unwrap();
    assert!(matches!(made.content, Content::Fresh { view: Some(_), .. }), "{made:?}");
    made.share(Bytes::from_static(b"the spectators' rendering"));
    let shared = next(&mut second).await.unwrap();
    assert_eq!(shared.event().seq, 2);
    assert!(matches!(&shared.content, Content::Rendered(bytes) if bytes == "the spectators' rendering"));
    for other in [&mut seat, &mut without_views] {
        let own = next(other).await.unwrap();
        assert!(matches!(own.content, Content::Fresh { .. }), "another audience renders its own: {own:?}");
    }
    // A spectator's replica followed the shared event: it renders the next one right.
    play_move(&hub, &live, Seat::new(1), Action::place(0, 1)).await;
    let Content::Fresh { view: Some(view), .. } = next(&mut second).await.unwrap().content else { panic!() };
    assert_eq!(view, live.state.lock().await.game.view(Viewer::Spectator));
}
