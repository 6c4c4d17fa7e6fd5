//! Subscriptions: subscribers who see the same share one rendering, and no one else gets it.

use bytes::Bytes;
use futures_util::StreamExt;
use tokio::sync::watch;

use super::*;
use crate::engine::Viewer;
use crate::play::{Content, Deliveries, Delivery, Subscription, Views};

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
    let open = async |viewer, views| {
        let subscription = Subscription { viewer, opened_with: None, after: 1, max_per_game: 8, views, delayed: false };
        let mut stream = hub.subscribe(live.clone(), subscription, shutdown.clone()).await.unwrap();
        // Caught up with the log (nothing after the creation): now on the game's channel.
        assert!(next(&mut stream).await.is_none());
        stream
    };
    let mut first = open(Viewer::Spectator, Views::Whole).await;
    let mut second = open(Viewer::Spectator, Views::Whole).await;
    let mut seat = open(Viewer::Seat(Seat::new(0)), Views::Whole).await;
    let mut without_views = open(Viewer::Spectator, Views::Omitted).await;
    let mut changes = open(Viewer::Spectator, Views::Changes).await;
    let mut more_changes = open(Viewer::Spectator, Views::Changes).await;
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
    // A stream of changes sends its first view whole: the whole views' rendering.
    for stream in [&mut changes, &mut more_changes] {
        let first_view = next(stream).await.unwrap();
        assert!(matches!(&first_view.content, Content::Rendered(bytes) if bytes == "the spectators' rendering"));
    }
    let before = live.state.lock().await.game.view(Viewer::Spectator);
    // A spectator's replica followed the shared event: it renders the next one right.
    play_move(&hub, &live, Seat::new(1), Action::place(0, 1)).await;
    let Content::Fresh { view: Some(view), earlier: None, .. } = next(&mut second).await.unwrap().content else {
        panic!()
    };
    assert_eq!(view, live.state.lock().await.game.view(Viewer::Spectator));
    // After it, a change from the view before, which its audience shares.
    let change = next(&mut changes).await.unwrap();
    let Content::Fresh { view: Some(view), earlier: Some(earlier), .. } = &change.content else { panic!("{change:?}") };
    assert_eq!((view, earlier), (&live.state.lock().await.game.view(Viewer::Spectator), &before));
    change.share(Bytes::from_static(b"the change"));
    let shared = next(&mut more_changes).await.unwrap();
    assert!(matches!(&shared.content, Content::Rendered(bytes) if bytes == "the change"));
}
