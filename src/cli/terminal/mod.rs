//! `tabula play`, `tabula watch` and `tabula join`: games in a terminal, line by line,
//! through the public gRPC contract alone (`tabula.v1.GameService` and its messages), as
//! any other front end would reach the server. Nothing here uses the server's own rules:
//! the board is drawn from the server's views and every move is one it lists as legal.

mod client;
mod draw;
mod events;
mod input;
mod live_clock;
mod moves;
mod numbering;
mod reconnect;
mod refusal;
mod rules;
mod seats;
mod status;
mod table;

pub use draw::boards;
pub use seats::SeatNames;

use std::io::{Write, stdout};
use std::str::FromStr;

use tabula::proto::tabula::v1 as pb;

use client::{Credential, Failure, ServiceKey, connect, failed, kind_info, kinds, request};
use rules::AddedRules;
use table::{LocalSeat, Table};

/// Where the server is.
#[derive(clap::Args, Debug)]
pub struct ServerArg {
    /// The server's address, as a URL.
    #[arg(long, env = "TABULA_SERVER", default_value = "http://127.0.0.1:50051")]
    server: String,
}

/// Arguments of `tabula play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// What to play, as the server names its game kinds: tic_tac_toe, connect_four, gomoku,
    /// tic_tac_two, morris, battleship, peg_solitaire, reversi or chess.
    kind: String,
    /// One of the kind's presets (an unknown name lists them); without it, the kind's
    /// default rules.
    #[arg(long)]
    preset: Option<String>,
    /// Who plays the second seat: `bot` for the server's engine at level 1, `bot:LEVEL` for
    /// another level. Without it both seats are typed here in turn (hot-seat).
    #[arg(long, value_name = "bot[:LEVEL]")]
    vs: Option<Bot>,
    #[command(flatten)]
    rules: AddedRules,
    #[command(flatten)]
    server: ServerArg,
    /// The service key to create the game (and its rematch) with, NAME=SECRET, on a server
    /// that has keys.
    #[arg(long = "service-key", value_name = "NAME=SECRET", env = "TABULA_SERVICE_KEY", hide_env_values = true)]
    service_key: Option<ServiceKey>,
}

/// Arguments of `tabula watch`.
#[derive(clap::Args, Debug)]
pub struct WatchArgs {
    /// The game's id.
    game_id: String,
    #[command(flatten)]
    server: ServerArg,
}

/// Arguments of `tabula join`.
#[derive(clap::Args, Debug)]
pub struct JoinArgs {
    /// The game's id.
    game_id: String,
    /// The token of the seat to play, as the game's creation handed it out.
    // A token is base64url and so starts with `-` one time in 64; it is still the value.
    #[arg(
        long,
        env = "TABULA_SEAT_TOKEN",
        hide_env_values = true,
        allow_hyphen_values = true,
        value_parser = Credential::bearer
    )]
    token: Credential,
    #[command(flatten)]
    server: ServerArg,
    /// The service key to create the game's rematch with, NAME=SECRET, on a server that has
    /// keys.
    #[arg(long = "service-key", value_name = "NAME=SECRET", env = "TABULA_SERVICE_KEY", hide_env_values = true)]
    service_key: Option<ServiceKey>,
}

/// The server's engine as the opponent, at a level from 1 (the weakest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bot {
    level: u32,
}

impl FromStr for Bot {
    type Err = String;

    fn from_str(text: &str) -> Result<Bot, String> {
        let usage = || "write bot, or bot:LEVEL with a level from 1, for example bot:3".to_owned();
        match text.trim().to_ascii_lowercase().split_once(':') {
            None if text.trim().eq_ignore_ascii_case("bot") => Ok(Bot { level: 1 }),
            Some(("bot", level)) => match level.trim().parse() {
                Ok(level) if level >= 1 => Ok(Bot { level }),
                _ => Err(usage()),
            },
            _ => Err(usage()),
        }
    }
}

/// Runs `tabula play`: creates the game, then plays it here.
///
/// # Errors
/// An argument the server's kinds do not fit, or a call it refused, as a sentence.
pub async fn play(args: PlayArgs) -> Result<(), Failure> {
    let address = args.server.server;
    let mut client = connect(&address).await?;
    let kinds = kinds(&mut client).await?;
    let (info, message) = creation(&kinds, &args.kind, args.preset.as_deref(), args.vs, &args.rules)?;
    let created = client
        .create_game(request(args.service_key.as_ref().map(|key| &key.0), message))
        .await
        .map_err(|e| {
            let keyless = args.service_key.is_none()
                && matches!(e.code(), tonic::Code::Unauthenticated | tonic::Code::PermissionDenied);
            let hint = if keyless { "; give the server's service key with --service-key NAME=SECRET" } else { "" };
            format!("{}{hint}", failed("create the game", &e))
        })?
        .into_inner();
    let game = created.game.ok_or("the server created a game without describing it")?;
    let names = SeatNames::new(info.seat_names.clone());
    // Against the bot only seat 1 is played here; hot-seat, every seat is.
    let played_here = if args.vs.is_some() { 1 } else { info.seat_count };
    let mut local = Vec::new();
    for token in created.seat_tokens.iter().filter(|token| token.seat <= played_here) {
        local.push(LocalSeat { number: token.seat, credential: Credential::bearer(&token.token)? });
    }
    let preset = args.preset.as_deref().unwrap_or("default rules");
    let added = match args.rules.words() {
        words if words.is_empty() => words,
        words => format!(", with {words}"),
    };
    writeln!(stdout(), "game {} created: {} ({preset}{added})", game.game_id, info.display_name)?;
    match args.vs {
        Some(Bot { level }) => {
            writeln!(stdout(), "you are {}; {} is the server's bot at level {level}", names.name(1), names.name(2))?
        }
        None if info.seat_count > 1 => writeln!(stdout(), "both seats are played here, in turn")?,
        None => writeln!(stdout(), "you are {}", names.name(1))?,
    }
    let key = args.service_key.map(|key| key.0);
    Table::new(client, &address, &game.game_id, names, local, key).run().await
}

/// The kind named `kind` among the server's `kinds`, and the `CreateGame` request for a
/// game of it: from `preset`, or the kind's default rules, with the `added` rules; the
/// server's bot in seat 2 at the level `vs` asks for.
///
/// # Errors
/// A kind, preset or bot level the server does not offer, as a sentence naming the ones
/// it does.
fn creation(
    kinds: &[pb::GameKindInfo],
    kind: &str,
    preset: Option<&str>,
    vs: Option<Bot>,
    added: &AddedRules,
) -> Result<(pb::GameKindInfo, pb::CreateGameRequest), String> {
    let Some(info) = kinds.iter().find(|info| info.name == kind) else {
        let names: Vec<&str> = kinds.iter().map(|info| info.name.as_str()).collect();
        return Err(format!("the server hosts no game kind called {kind:?}; it hosts {}", names.join(", ")));
    };
    let source = match preset {
        None => pb::create_game_request::Source::Config(
            added.applied_to(info.default_config.clone().ok_or("the server describes no default rules for this kind")?),
        ),
        Some(name) => match info.presets.iter().find(|known| known.name == name) {
            None => {
                let presets: Vec<&str> = info.presets.iter().map(|known| known.name.as_str()).collect();
                let (kind, presets) = (&info.display_name, presets.join(", "));
                return Err(format!("{kind} has no preset called {name:?}; its presets: {presets}"));
            }
            Some(_) if !added.any() => pb::create_game_request::Source::Preset(name.to_owned()),
            // Rules added to a preset: the game is made of its configuration with them.
            Some(known) => pb::create_game_request::Source::Config(
                added.applied_to(known.config.clone().ok_or("the server describes no rules for this preset")?),
            ),
        },
    };
    let bots = match vs {
        None => Vec::new(),
        Some(_) if info.seat_count < 2 => {
            return Err(format!("{} has a single seat: play it without --vs", info.display_name));
        }
        Some(Bot { level }) if level > info.max_bot_level => {
            return Err(format!("the bot plays {} at levels 1 to {}", info.display_name, info.max_bot_level));
        }
        Some(Bot { level }) => vec![pb::BotSeat { seat: 2, level, move_time: None }],
    };
    let message = pb::CreateGameRequest {
        source: Some(source),
        kind: info.kind,
        bots,
        allow_hints: added.allow_hints(),
        ..Default::default()
    };
    Ok((info.clone(), message))
}

/// Runs `tabula watch`: follows the game as a spectator until it ends.
///
/// # Errors
/// A game that cannot be read, as a sentence.
pub async fn watch(args: WatchArgs) -> Result<(), Failure> {
    let address = args.server.server;
    let mut client = connect(&address).await?;
    let view = client::view(&mut client, &args.game_id, None).await?;
    let info = kind_info(&kinds(&mut client).await?, view.kind)?;
    writeln!(stdout(), "watching game {}: {}", args.game_id, info.display_name)?;
    Table::new(client, &address, &args.game_id, SeatNames::new(info.seat_names), Vec::new(), None).run().await
}

/// Runs `tabula join`: plays the seat whose token is given until the game ends.
///
/// # Errors
/// A token that is not one of the game's seats', or a call the server refused, as a
/// sentence.
pub async fn join(args: JoinArgs) -> Result<(), Failure> {
    let address = args.server.server;
    let mut client = connect(&address).await?;
    let view = client::view(&mut client, &args.game_id, Some(&args.token)).await?;
    if view.viewer_seat == 0 {
        return Err(format!(
            "that token is not a seat's token of game {}: it reads the game as a spectator",
            args.game_id
        )
        .into());
    }
    let info = kind_info(&kinds(&mut client).await?, view.kind)?;
    let names = SeatNames::new(info.seat_names);
    writeln!(
        stdout(),
        "joined game {}: {}, you are {}",
        args.game_id,
        info.display_name,
        names.name(view.viewer_seat)
    )?;
    let local = vec![LocalSeat { number: view.viewer_seat, credential: args.token }];
    let key = args.service_key.map(|key| key.0);
    Table::new(client, &address, &args.game_id, names, local, key).run().await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds() -> Vec<pb::GameKindInfo> {
        let preset = |name: &str| pb::Preset {
            name: name.to_owned(),
            config: Some(pb::GameConfig::default()),
            ..Default::default()
        };
        let connect_four = pb::GameKindInfo {
            kind: pb::GameKind::ConnectFour as i32,
            name: "connect_four".to_owned(),
            display_name: "Connect Four".to_owned(),
            seat_count: 2,
            default_config: Some(pb::GameConfig::default()),
            presets: vec![preset("classic"), preset("connect3")],
            max_bot_level: 5,
            ..Default::default()
        };
        let peg_solitaire = pb::GameKindInfo {
            kind: pb::GameKind::PegSolitaire as i32,
            name: "peg_solitaire".to_owned(),
            display_name: "Peg solitaire".to_owned(),
            seat_count: 1,
            default_config: Some(pb::GameConfig::default()),
            max_bot_level: 1,
            ..Default::default()
        };
        vec![connect_four, peg_solitaire]
    }

    #[test]
    fn a_game_is_created_from_a_preset_or_the_default_rules_with_the_bot_in_seat_two() {
        let (info, message) =
            creation(&kinds(), "connect_four", Some("connect3"), Some(Bot { level: 3 }), &AddedRules::default())
                .unwrap();
        assert_eq!(info.display_name, "Connect Four");
        assert_eq!(message.kind, pb::GameKind::ConnectFour as i32);
        assert_eq!(message.source, Some(pb::create_game_request::Source::Preset("connect3".to_owned())));
        assert_eq!(message.bots, [pb::BotSeat { seat: 2, level: 3, move_time: None }]);
        let (_, message) = creation(&kinds(), "connect_four", None, None, &AddedRules::default()).unwrap();
        assert!(matches!(message.source, Some(pb::create_game_request::Source::Config(_))));
        assert!(message.bots.is_empty());
    }

    #[test]
    fn rules_added_make_the_game_from_the_presets_configuration_with_them() {
        #[derive(clap::Parser)]
        struct Flags {
            #[command(flatten)]
            rules: AddedRules,
        }
        let flags =
            <Flags as clap::Parser>::try_parse_from(["play", "--takeback-consent", "--hints", "--clock", "3+2"]);
        let added = flags.unwrap().rules;
        let (_, message) = creation(&kinds(), "connect_four", Some("connect3"), None, &added).unwrap();
        let Some(pb::create_game_request::Source::Config(config)) = message.source else { panic!("{message:?}") };
        assert!(config.allow_takebacks && config.takebacks_need_consent && config.clock.is_some());
        assert_eq!(message.allow_hints, Some(true));
    }

    #[test]
    fn a_seat_token_that_starts_with_a_hyphen_is_taken_as_the_token() {
        #[derive(clap::Parser)]
        struct Join {
            #[command(flatten)]
            args: JoinArgs,
        }
        let token = "-9Zx_Qb3LrT0aW8yJk2nHc5vPq7sUe1fGd4hMi6oNtY";
        let parsed =
            <Join as clap::Parser>::try_parse_from(["join", "0193", "--token", token, "--server", "http://[::1]:1"]);
        let args = parsed.unwrap().args;
        assert_eq!((args.game_id.as_str(), args.token.secret()), ("0193", token));
        assert_eq!(args.server.server, "http://[::1]:1");
    }

    #[test]
    fn what_the_server_does_not_offer_is_refused_naming_what_it_does() {
        let refusal = |kind: &str, preset: Option<&str>, vs: Option<Bot>| {
            creation(&kinds(), kind, preset, vs, &AddedRules::default()).unwrap_err()
        };
        assert_eq!(
            refusal("checkers", None, None),
            "the server hosts no game kind called \"checkers\"; it hosts connect_four, peg_solitaire"
        );
        assert_eq!(
            refusal("connect_four", Some("huge"), None),
            "Connect Four has no preset called \"huge\"; its presets: classic, connect3"
        );
        assert_eq!(
            refusal("connect_four", None, Some(Bot { level: 6 })),
            "the bot plays Connect Four at levels 1 to 5"
        );
        assert_eq!(
            refusal("peg_solitaire", None, Some(Bot { level: 1 })),
            "Peg solitaire has a single seat: play it without --vs"
        );
    }

    #[test]
    fn the_bot_is_named_with_an_optional_level() {
        assert_eq!("bot".parse::<Bot>(), Ok(Bot { level: 1 }));
        assert_eq!("Bot:3".parse::<Bot>(), Ok(Bot { level: 3 }));
        for wrong in ["bot:0", "bot:", "bot:x", "human", "bot3"] {
            let error = wrong.parse::<Bot>().unwrap_err();
            assert!(error.contains("write bot, or bot:LEVEL"), "{wrong}: {error}");
        }
    }
}
