use super::*;
use crate::games::chess::board::Role;
use crate::games::chess::engine::eval::values::WEIGHTS;

#[test]
fn samples_are_read_in_both_forms_and_written_back() {
    let sample = Sample::parse("4k3/8/8/8/8/8/8/3NK3 w - - 0 1 [0.5]").unwrap();
    assert_eq!(sample.white_score, 0.5);
    assert_eq!(sample.to_line(), "4k3/8/8/8/8/8/8/3NK3 w - - 0 1 [0.5]");
    assert_eq!(Sample::parse(&sample.to_line()).unwrap(), sample);
    // Zurichess' form: four fields and the result as an opcode.
    let zurichess = Sample::parse("4k3/8/8/8/8/8/8/3NK3 b - - c9 \"0-1\";").unwrap();
    assert_eq!((zurichess.white_score, zurichess.position.turn()), (0.0, Color::Black));
    assert_eq!(Sample::parse("4k3/8/8/8/8/8/8/3NK3 w - - 0 1 [1.0]").unwrap().white_score, 1.0);
    assert_eq!(Sample::parse("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"), Err(SampleError::NoResult));
    assert_eq!(Sample::parse("4k3/8/8/8/8/8/8/3NK3 w - - 0 1 [2]"), Err(SampleError::Result("2".into())));
    // An expected score, as another engine's evaluation gives it.
    let expected = Sample::parse("4k3/8/8/8/8/8/8/3NK3 w - - 0 1 [0.731]").unwrap();
    assert_eq!((expected.white_score, expected.to_line().as_str()), (0.731, "4k3/8/8/8/8/8/8/3NK3 w - - 0 1 [0.731]"));
    assert!(matches!(Sample::parse("4k3/8/8 w - - 0 1 [1.0]"), Err(SampleError::Fen(_))));
}

#[test]
fn the_weights_round_trip_through_their_flat_list_and_the_file_is_what_the_tuner_writes() {
    let flat = WEIGHTS.to_vec();
    assert_eq!(WEIGHTS.with(&flat), WEIGHTS);
    let mut moved = flat.clone();
    moved[0] += 1;
    assert_eq!(WEIGHTS.with(&moved).values[0].mg, WEIGHTS.values[0].mg + 1, "the first weight is the pawn's value");
    let file = include_str!("../eval/values.rs");
    let preamble: Vec<&str> = file
        .lines()
        .map_while(|line| line.strip_prefix("//!"))
        .map(|line| line.strip_prefix(' ').unwrap_or(line))
        .collect();
    assert_eq!(WEIGHTS.to_source(&preamble.join("\n")), file);
}

#[test]
fn self_play_is_deterministic_and_keeps_quiet_positions_with_their_games_results() {
    let options = SelfPlay { games: 3, nodes: 200, random_plies: 6, seed: 11 };
    let samples = play_games(options, 2, &|_| {});
    assert!(!samples.is_empty());
    assert_eq!(play_games(options, 1, &|_| {}), samples, "one thread or two, the same positions");
    for sample in &samples {
        assert!([0.0, 0.5, 1.0].contains(&sample.white_score), "{}", sample.to_line());
        assert!(!sample.position.is_check(), "{}", sample.to_line());
        assert!(!sample.position.legal_moves().is_empty(), "{}", sample.to_line());
    }
    let other = play_games(SelfPlay { seed: 12, ..options }, 2, &|_| {});
    assert_ne!(other, samples, "another seed, other openings");
}

#[test]
fn tuning_learns_what_decides_the_games_and_never_raises_the_error() {
    // White a knight up wins; even material draws. With the knight worth nothing to
    // start with, the tuner has to find its value.
    let won = ["4k3/pppp4/8/8/8/2N5/PPPP4/4K3 w - - 0 1", "3k4/1ppp4/8/8/3N4/8/1PPP4/4K3 b - - 0 1"];
    let even = ["4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1", "3k4/1ppp4/8/8/8/8/1PPP4/4K3 b - - 0 1"];
    let sample = |fen: &str, white_score| Sample { position: fen::parse(fen, false).unwrap(), white_score };
    let samples: Vec<Sample> =
        won.iter().map(|fen| sample(fen, 1.0)).chain(even.iter().map(|fen| sample(fen, 0.5))).collect();
    let knight = Role::Knight.index();
    let mut start = WEIGHTS;
    start.values[knight] = crate::games::chess::engine::eval::Pair::new(0, 0);
    let tuner = Tuner::new(&samples, 2);
    let before = tuner.error(&start);
    let mut passes = Vec::new();
    let tuning = Tuning { first_step: 64, max_passes: 2, tables: false, validation: None };
    let tuned = tuner.tune(start, &tuning, &mut |pass| passes.push(pass));
    assert_eq!(passes.len(), 2);
    assert!(passes.windows(2).all(|two| two[1].error <= two[0].error), "{passes:?}");
    assert!(tuner.error(&tuned) < before / 2.0, "{} against {before}", tuner.error(&tuned));
    assert!(tuned.values[knight].eg >= 64, "the knight gained value: {:?}", tuned.values[knight]);
    assert_eq!((tuned.middlegame, tuned.endgame), (WEIGHTS.middlegame, WEIGHTS.endgame), "the tables stay");
    // With the tables, one of those that rate the knight's squares moves too.
    let with_tables = tuner.tune(start, &Tuning { tables: true, ..tuning }, &mut |_| {});
    assert_ne!(with_tables.endgame[knight], WEIGHTS.endgame[knight]);
}

#[test]
fn a_tuning_measured_on_other_samples_keeps_the_pass_that_generalised_best() {
    // Fitted: a knight up wins. Validation: a knight up draws. Every pass that raises the
    // knight's value makes the validation worse, so the start is what comes back, after
    // PATIENCE passes.
    let sample = |fen: &str, white_score| Sample { position: fen::parse(fen, false).unwrap(), white_score };
    let knight_up = "4k3/pppp4/8/8/8/2N5/PPPP4/4K3 w - - 0 1";
    let fitted = [sample(knight_up, 1.0)];
    let other = [sample(knight_up, 0.5)];
    let tuner = Tuner::new(&fitted, 1);
    let validation = Tuner::new(&other, 1);
    let mut passes = Vec::new();
    let tuning = Tuning { first_step: 8, max_passes: 10, tables: false, validation: Some(&validation) };
    let tuned = tuner.tune(WEIGHTS, &tuning, &mut |pass| passes.push(pass));
    assert_eq!(passes.len(), PATIENCE, "{passes:?}");
    assert!(passes.iter().all(|pass| pass.held_out.unwrap() > validation.error(&WEIGHTS)), "{passes:?}");
    assert!(passes[0].error < tuner.error(&WEIGHTS));
    assert_eq!(tuned, WEIGHTS);
}

#[test]
fn the_scale_fitted_is_the_one_that_errs_least() {
    // A rook up wins two games of three, a pawn down loses one of two: the best curve
    // is neither flat nor a step.
    let rook_up = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let pawn_down = "4k3/pp6/8/8/8/8/1P6/4K3 w - - 0 1";
    let samples: Vec<Sample> = [(rook_up, 1.0), (rook_up, 1.0), (rook_up, 0.5), (pawn_down, 0.0), (pawn_down, 0.5)]
        .iter()
        .map(|&(fen, white_score)| Sample { position: fen::parse(fen, false).unwrap(), white_score })
        .collect();
    let mut tuner = Tuner::new(&samples, 1);
    let fitted = tuner.fit_scale(&WEIGHTS);
    let scale = tuner.scale();
    assert!(scale > 0.2 && scale < 3.9, "{scale}");
    for nearby in [scale * 0.8, scale * 1.25] {
        let mut other = Tuner::new(&samples, 1);
        other.set_scale(nearby);
        assert!(other.error(&WEIGHTS) >= fitted, "scale {nearby} against {scale}");
    }
}
