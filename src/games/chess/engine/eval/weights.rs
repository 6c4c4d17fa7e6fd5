//! The numbers the evaluation weighs its terms by, gathered in one value so that a tuner
//! can try others ([`super::Evaluator`] evaluates with any set) and write the set it finds
//! back as source ([`Weights::to_source`]), which is how [`super::values`] is made.
//!
//! A tuner sees the weights as one flat list of integers ([`Weights::each_mut`]), always
//! in the order the fields are declared, each [`Pair`] as its middlegame value then its
//! endgame one. The counts that say what is typical (the mobility's) and the caps are
//! not weights: they stay constants of the terms that use them.

use std::fmt::Write;

use super::Pair;

/// Every weight of the evaluation, in centipawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Piece values by role (pawn to king); a king has none.
    pub values: [Pair; 6],
    /// Middlegame placement bonuses by role (pawn to king), as White sees the board: the
    /// first eight are rank 8, the last eight rank 1, each from the a-file to the h-file.
    pub middlegame: [[i32; 64]; 6],
    /// Endgame placement bonuses, laid out as `middlegame`.
    pub endgame: [[i32; 64]; 6],
    /// Per square a knight, bishop, rook or queen reaches beyond a typical number, squares
    /// attacked by enemy pawns and those of its own pieces left out.
    pub mobility: [Pair; 4],
    /// Both bishops still on the board.
    pub bishop_pair: Pair,
    /// A rook on a file without pawns.
    pub rook_open_file: Pair,
    /// A rook on a file with only enemy pawns.
    pub rook_half_open_file: Pair,
    /// A pawn of the king's side one and two ranks in front of a king on its own back two
    /// ranks, on the king's file or a neighbouring one (middlegame only).
    pub shield: [i32; 2],
    /// How much a knight, bishop, rook or queen attacking the squares around the enemy
    /// king weighs; the pressure costs twice the square of the sum (middlegame only).
    pub attack_weight: [i32; 4],
    /// An enemy knight, bishop, rook or queen attacked by one of our pawns.
    pub threat_by_pawn: Pair,
    /// An enemy rook or queen attacked by one of our knights or bishops, or a queen by a
    /// rook.
    pub threat_by_lesser: Pair,
    /// An enemy piece other than the king, attacked by us and defended by nothing.
    pub hanging: Pair,
    /// Each pawn beyond the first on a file.
    pub doubled: Pair,
    /// Each pawn with no pawn of its side on a neighbouring file.
    pub isolated: Pair,
    /// A pawn that cannot be defended by a pawn of its side (none on a neighbouring file
    /// level with it or behind) and cannot advance without being taken by an enemy pawn,
    /// or is blocked by one.
    pub backward: Pair,
    /// A pawn defended by a pawn of its side or standing beside one, by its rank as
    /// [`Weights::passed`] counts it.
    pub connected: [Pair; 8],
    /// A passed pawn by its rank counted from its own side (index 1 is its starting rank),
    /// on top of the placement tables, which already reward pawns for advancing.
    pub passed: [Pair; 8],
    /// A passed pawn's endgame bonus per square of distance between the enemy king and the
    /// square in front of it, by the pawn's rank as above.
    pub passed_enemy_king: [i32; 8],
    /// The same, taken off per square of our own king's distance.
    pub passed_own_king: [i32; 8],
    /// The side to move's bonus for being the one to move.
    pub tempo: i32,
}

impl Weights {
    /// Calls `visit` on every weight, in the order of the fields (see the module's doc).
    pub fn each_mut(&mut self, mut visit: impl FnMut(&mut i32)) {
        let visit = &mut visit;
        each_of_pairs(&mut self.values, visit);
        self.middlegame.iter_mut().chain(self.endgame.iter_mut()).flatten().for_each(&mut *visit);
        each_of_pairs(&mut self.mobility, visit);
        each_of_pairs(&mut [&mut self.bishop_pair, &mut self.rook_open_file, &mut self.rook_half_open_file], visit);
        self.shield.iter_mut().chain(self.attack_weight.iter_mut()).for_each(&mut *visit);
        let threats_and_pawns = [
            &mut self.threat_by_pawn,
            &mut self.threat_by_lesser,
            &mut self.hanging,
            &mut self.doubled,
            &mut self.isolated,
            &mut self.backward,
        ];
        each_of_pairs(&mut { threats_and_pawns }, visit);
        each_of_pairs(&mut self.connected, visit);
        each_of_pairs(&mut self.passed, visit);
        self.passed_enemy_king.iter_mut().chain(self.passed_own_king.iter_mut()).for_each(&mut *visit);
        visit(&mut self.tempo);
    }

    /// Every weight, in the order of [`Weights::each_mut`].
    pub fn to_vec(mut self) -> Vec<i32> {
        let mut flat = Vec::new();
        self.each_mut(|weight| flat.push(*weight));
        flat
    }

    /// These weights with every one replaced by the next of `flat`, in the order of
    /// [`Weights::each_mut`].
    ///
    /// # Panics
    /// When `flat` does not hold exactly one number per weight.
    pub fn with(mut self, flat: &[i32]) -> Weights {
        let mut next = flat.iter();
        self.each_mut(|weight| *weight = *next.next().expect("a number for every weight"));
        assert!(next.next().is_none(), "no more numbers than weights");
        self
    }

    /// The Rust source of a module holding these weights as `pub const WEIGHTS`, with
    /// `preamble` (lines of doc comment, without the `//!`) above it.
    pub fn to_source(&self, preamble: &str) -> String {
        let mut out = String::new();
        for line in preamble.lines() {
            let _ = writeln!(out, "//!{}{line}", if line.is_empty() { "" } else { " " });
        }
        out.push_str("\nuse super::Pair;\nuse super::weights::Weights;\n\n");
        out.push_str(
            "/// The weights the engine plays with.\n#[rustfmt::skip]\npub const WEIGHTS: Weights = Weights {\n",
        );
        let _ = writeln!(out, "    values: {},", pairs(&self.values));
        for (name, tables) in [("middlegame", &self.middlegame), ("endgame", &self.endgame)] {
            let _ = writeln!(out, "    {name}: [");
            for (table, role) in tables.iter().zip(ROLE_NAMES) {
                let _ = writeln!(out, "        // {role}\n        [");
                for rank in table.chunks(8) {
                    let row: Vec<String> = rank.iter().map(|weight| format!("{weight:5}")).collect();
                    let _ = writeln!(out, "           {},", row.join(","));
                }
                out.push_str("        ],\n");
            }
            out.push_str("    ],\n");
        }
        let _ = writeln!(out, "    mobility: {},", pairs(&self.mobility));
        for (name, pair) in [
            ("bishop_pair", self.bishop_pair),
            ("rook_open_file", self.rook_open_file),
            ("rook_half_open_file", self.rook_half_open_file),
        ] {
            let _ = writeln!(out, "    {name}: {},", pair_source(pair));
        }
        let _ = writeln!(out, "    shield: {:?},", self.shield);
        let _ = writeln!(out, "    attack_weight: {:?},", self.attack_weight);
        for (name, pair) in [
            ("threat_by_pawn", self.threat_by_pawn),
            ("threat_by_lesser", self.threat_by_lesser),
            ("hanging", self.hanging),
            ("doubled", self.doubled),
            ("isolated", self.isolated),
            ("backward", self.backward),
        ] {
            let _ = writeln!(out, "    {name}: {},", pair_source(pair));
        }
        let _ = writeln!(out, "    connected: {},", pairs(&self.connected));
        let _ = writeln!(out, "    passed: {},", pairs(&self.passed));
        let _ = writeln!(out, "    passed_enemy_king: {:?},", self.passed_enemy_king);
        let _ = writeln!(out, "    passed_own_king: {:?},", self.passed_own_king);
        let _ = writeln!(out, "    tempo: {},", self.tempo);
        out.push_str("};\n");
        out
    }
}

/// Calls `visit` on the middlegame then the endgame value of each pair.
fn each_of_pairs<P: std::borrow::BorrowMut<Pair>>(pairs: &mut [P], visit: &mut impl FnMut(&mut i32)) {
    for pair in pairs {
        let pair = pair.borrow_mut();
        visit(&mut pair.mg);
        visit(&mut pair.eg);
    }
}

const ROLE_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

fn pair_source(pair: Pair) -> String {
    format!("Pair::new({}, {})", pair.mg, pair.eg)
}

fn pairs(pairs: &[Pair]) -> String {
    let each: Vec<String> = pairs.iter().map(|&pair| pair_source(pair)).collect();
    format!("[{}]", each.join(", "))
}
