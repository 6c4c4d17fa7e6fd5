use super::testing::random_network;
use super::training::{self, Options};
use super::*;
use crate::engine::bot::BotRng;
use crate::games::chess::engine::tuning::Sample;
use crate::games::chess::fen;

#[test]
fn a_network_reads_back_what_it_writes_and_refuses_other_sizes() {
    let network = random_network(1);
    let bytes = network.to_bytes();
    assert_eq!(bytes.len(), Network::BYTES);
    assert_eq!(Network::from_bytes(&bytes).unwrap().to_bytes(), bytes);
    assert_eq!(
        Network::from_bytes(&bytes[1..]).err(),
        Some(SizeError { expected: Network::BYTES, actual: Network::BYTES - 1 })
    );
}

#[test]
fn updated_sums_equal_sums_added_up_afresh_along_random_games() {
    let network = random_network(2);
    let mut rng = BotRng::new(3);
    for start in [fen::STANDARD, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"] {
        for _ in 0..20 {
            let mut position = fen::parse(start, false).unwrap();
            let mut accumulator = network.accumulate(position.board());
            for _ in 0..80 {
                let moves = position.legal_moves();
                let Some(&mv) = rng.choose(moves.as_slice()) else { break };
                let mut next = position;
                next.play(mv);
                accumulator = accumulator.update(&network, position.board(), next.board());
                position = next;
                assert_eq!(accumulator, network.accumulate(position.board()), "{}", fen::write(&position, false));
            }
        }
    }
}

#[test]
fn the_evaluation_is_the_same_for_either_colour_in_the_mirrored_position() {
    let network = random_network(4);
    for (text, mirrored) in [
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
            "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 0 1",
        ),
        ("8/5pk1/6p1/3R4/8/6P1/5PKP/2r5 b - - 0 1", "2R5/5pkp/6p1/8/3r4/6P1/5PK1/8 w - - 0 1"),
    ] {
        let (a, b) = (fen::parse(text, false).unwrap(), fen::parse(mirrored, false).unwrap());
        assert_eq!(network.evaluate_position(&a), network.evaluate_position(&b), "{text}");
    }
}

#[test]
fn training_fits_labels_that_follow_the_material() {
    // Positions whose label is a plain function of the material: the network learns it,
    // and says so on positions it did not see.
    let mut rng = BotRng::new(5);
    let mut samples = Vec::new();
    while samples.len() < 800 {
        let mut position = fen::parse(fen::STANDARD, false).unwrap();
        for _ in 0..(20 + rng.below(60)) {
            let moves = position.legal_moves();
            let Some(&mv) = rng.choose(moves.as_slice()) else { break };
            position.play(mv);
        }
        let board = position.board();
        let material = |color| {
            [(Role::Pawn, 1), (Role::Knight, 3), (Role::Bishop, 3), (Role::Rook, 5), (Role::Queen, 9)]
                .iter()
                .map(|&(role, value)| value * board.pieces(color, role).count() as i32)
                .sum::<i32>()
        };
        let cp = 100 * (material(Color::White) - material(Color::Black));
        let white_score = 1.0 / (1.0 + 10f64.powf(-f64::from(cp) / 400.0));
        samples.push(Sample { position, white_score });
    }
    let held_out = samples.split_off(600);
    let options =
        Options { epochs: 12, batch: 32, learning_rate: 0.02, scale: 1.0, threads: 2, seed: 6, mirror: false };
    let (mut errors, mut fitted) = (Vec::new(), Vec::new());
    let network = training::train(&samples, &held_out, &options, &mut |epoch| {
        errors.push(epoch.held_out.unwrap());
        fitted.push(epoch.error);
    });
    let untrained = training::error(&random_network(7), &held_out, 1.0);
    let trained = training::error(&network, &held_out, 1.0);
    assert_eq!(errors.len(), 12);
    let least = errors.iter().copied().fold(f64::INFINITY, f64::min);
    assert!((least - trained).abs() < 1e-12, "the network of the epoch that erred least: {errors:?}, {trained}");
    assert!(trained < untrained / 3.0 && trained < 0.05, "error {trained} (untrained {untrained})");
    assert!(fitted[11] < fitted[0] / 10.0, "the error on the positions trained on falls: {fitted:?}");
    let mirrored = training::train(&samples, &held_out, &Options { mirror: true, ..options.clone() }, &mut |_| {});
    let mirrored_error = training::error(&mirrored, &held_out, 1.0);
    assert!(mirrored_error < untrained / 3.0 && mirrored_error < 0.05, "mirrored {mirrored_error}");
    let again = training::train(&samples, &held_out, &Options { epochs: 2, ..options.clone() }, &mut |_| {});
    let twice = training::train(&samples, &held_out, &Options { epochs: 2, ..options }, &mut |_| {});
    assert_eq!(again.to_bytes(), twice.to_bytes(), "equal inputs train equal networks");
}
