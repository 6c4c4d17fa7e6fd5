//! The boards of the Morris family, as tables: where each point is drawn, which points a
//! line joins, and which triples of points are mills. Every variant is data here; the
//! rules never ask which board they are on.
//!
//! Points are numbered row by row from the top-left of the drawing, left to right, and a
//! point's name is its column letter and its row number counted from the bottom (`a1` is
//! the bottom-left corner, as in the usual Morris notation).
//!
//! | board  | lattice | points | edges | mills | notes                                   |
//! |--------|---------|--------|-------|-------|-----------------------------------------|
//! | three  | 3×3     | 9      | 16    | 8     | rows, columns and both diagonals        |
//! | six    | 5×5     | 16     | 20    | 8     | two squares joined at their midpoints   |
//! | nine   | 7×7     | 24     | 32    | 16    | three squares joined at their midpoints |
//! | twelve | 7×7     | 24     | 40    | 20    | nine plus the four corner diagonals     |
//!
//! The derived bit masks (neighbours, mills, mills through each point) are computed from
//! the tables at compile time, so the tables stay the single source of truth. Every board
//! has at most [`MAX_POINTS`] points, so a set of points fits in a `u32`.

/// Most points on any board: sets of points are `u32` bit masks.
pub const MAX_POINTS: usize = 24;

/// One Morris board.
#[derive(Debug)]
pub struct Topology {
    /// Columns of the drawing lattice.
    pub width: u32,
    /// Rows of the drawing lattice.
    pub height: u32,
    /// `(x, y)` drawing coordinates of each point, `y` growing downwards.
    pub points: &'static [(u32, u32)],
    /// The lines joining neighbouring points, smaller index first, each once.
    pub edges: &'static [(u8, u8)],
    /// The mills, each in order along its line.
    pub mills: &'static [[u8; 3]],
    /// `neighbours[p]`: the points joined to `p` by an edge.
    neighbours: &'static [u32],
    /// `mill_masks[m]`: the points of mill `m`.
    mill_masks: &'static [u32],
    /// `mills_at[p]`: the masks of the mills through `p`, then zeros.
    mills_at: &'static [[u32; MAX_MILLS_AT]],
}

impl Topology {
    /// Number of points.
    pub fn point_count(&self) -> u32 {
        self.points.len() as u32
    }

    /// Every point, as a mask.
    pub fn all(&self) -> u32 {
        (1u32 << self.points.len()) - 1
    }

    /// The points joined to `point` by an edge, as a mask.
    pub fn neighbours(&self, point: u32) -> u32 {
        self.neighbours[point as usize]
    }

    /// The mills through `point`, as masks.
    pub fn mills_at(&self, point: u32) -> &'static [u32] {
        let through = &self.mills_at[point as usize];
        let count = through.iter().take_while(|&&mask| mask != 0).count();
        &through[..count]
    }

    /// Every mill, as masks.
    pub fn mill_masks(&self) -> &'static [u32] {
        self.mill_masks
    }

    /// The usual name of `point`, e.g. `d7`; `point N` for a point not on this board.
    pub fn name(&self, point: u32) -> String {
        match self.points.get(point as usize) {
            Some(&(x, y)) => format!("{}{}", char::from(b'a' + x as u8), self.height - y),
            None => format!("point {point}"),
        }
    }
}

const fn neighbour_masks<const N: usize>(edges: &[(u8, u8)]) -> [u32; N] {
    let mut masks = [0; N];
    let mut i = 0;
    while i < edges.len() {
        let (a, b) = edges[i];
        masks[a as usize] |= 1 << b;
        masks[b as usize] |= 1 << a;
        i += 1;
    }
    masks
}

const fn mill_masks<const M: usize>(mills: &[[u8; 3]; M]) -> [u32; M] {
    let mut masks = [0; M];
    let mut i = 0;
    while i < M {
        let [a, b, c] = mills[i];
        masks[i] = 1 << a | 1 << b | 1 << c;
        i += 1;
    }
    masks
}

/// Most mills through one point on any board (the centre of Three Men's Morris); a board
/// exceeding it fails to compile.
const MAX_MILLS_AT: usize = 4;

const fn mills_through<const N: usize>(mills: &[u32]) -> [[u32; MAX_MILLS_AT]; N] {
    let mut through = [[0; MAX_MILLS_AT]; N];
    let mut point = 0;
    while point < N {
        let mut slot = 0;
        let mut m = 0;
        while m < mills.len() {
            if mills[m] & 1 << point != 0 {
                through[point][slot] = mills[m];
                slot += 1;
            }
            m += 1;
        }
        point += 1;
    }
    through
}

/// Declares one board from its three tables.
macro_rules! board {
    ($name:ident, $width:expr, $height:expr, points: $points:expr, edges: $edges:expr, mills: $mills:expr $(,)?) => {
        pub static $name: Topology = {
            const POINTS: &[(u32, u32)] = &$points;
            const N: usize = POINTS.len();
            const EDGES: &[(u8, u8)] = &$edges;
            const MILLS: &[[u8; 3]] = &$mills;
            const NEIGHBOURS: [u32; N] = neighbour_masks::<N>(EDGES);
            const MASKS: [u32; MILLS.len()] = mill_masks(&$mills);
            const THROUGH: [[u32; MAX_MILLS_AT]; N] = mills_through::<N>(&MASKS);
            Topology {
                width: $width,
                height: $height,
                points: POINTS,
                edges: EDGES,
                mills: MILLS,
                neighbours: &NEIGHBOURS,
                mill_masks: &MASKS,
                mills_at: &THROUGH,
            }
        };
    };
}

// Three Men's Morris: a 3×3 square with both diagonals drawn; pieces move along any line.
//
//  0 - 1 - 2
//  | \ | / |
//  3 - 4 - 5
//  | / | \ |
//  6 - 7 - 8
board!(THREE, 3, 3,
    points: [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
    edges: [
        (0, 1), (1, 2), (3, 4), (4, 5), (6, 7), (7, 8),
        (0, 3), (3, 6), (1, 4), (4, 7), (2, 5), (5, 8),
        (0, 4), (4, 8), (2, 4), (4, 6),
    ],
    mills: [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]],
);

// Six Men's Morris: two concentric squares whose side midpoints are joined. Only the
// squares' sides are mills; the joining lines have two points.
//
//  0 ------- 1 ------- 2
//  |         |         |
//  |    3 -- 4 -- 5    |
//  |    |         |    |
//  6 -- 7         8 -- 9
//  |    |         |    |
//  |   10 -- 11 - 12   |
//  |         |         |
//  13 ------ 14 ------ 15
board!(SIX, 5, 5,
    points: [
        (0, 0), (2, 0), (4, 0),
        (1, 1), (2, 1), (3, 1),
        (0, 2), (1, 2), (3, 2), (4, 2),
        (1, 3), (2, 3), (3, 3),
        (0, 4), (2, 4), (4, 4),
    ],
    edges: [
        (0, 1), (1, 2), (3, 4), (4, 5), (6, 7), (8, 9), (10, 11), (11, 12), (13, 14), (14, 15),
        (0, 6), (6, 13), (3, 7), (7, 10), (1, 4), (11, 14), (5, 8), (8, 12), (2, 9), (9, 15),
    ],
    mills: [
        [0, 1, 2], [3, 4, 5], [10, 11, 12], [13, 14, 15],
        [0, 6, 13], [3, 7, 10], [5, 8, 12], [2, 9, 15],
    ],
);

// Nine Men's Morris: three concentric squares whose side midpoints are joined.
//
//  0 ----------- 1 ----------- 2
//  |             |             |
//  |    3 ------ 4 ------ 5    |
//  |    |        |        |    |
//  |    |    6 - 7 - 8    |    |
//  |    |    |       |    |    |
//  9 -- 10 - 11      12 - 13 - 14
//  |    |    |       |    |    |
//  |    |    15 - 16 - 17 |    |
//  |    |        |        |    |
//  |    18 ----- 19 ----- 20   |
//  |             |             |
//  21 ---------- 22 ---------- 23
board!(NINE, 7, 7,
    points: NINE_POINTS,
    edges: NINE_EDGES,
    mills: NINE_MILLS,
);

// Twelve Men's Morris: the Nine Men's Morris board plus the diagonals joining the squares'
// corners, which are lines for moving and mills alike.
board!(TWELVE, 7, 7,
    points: NINE_POINTS,
    edges: [
        (0, 1), (1, 2), (3, 4), (4, 5), (6, 7), (7, 8), (9, 10), (10, 11),
        (12, 13), (13, 14), (15, 16), (16, 17), (18, 19), (19, 20), (21, 22), (22, 23),
        (0, 9), (9, 21), (3, 10), (10, 18), (6, 11), (11, 15), (1, 4), (4, 7),
        (16, 19), (19, 22), (8, 12), (12, 17), (5, 13), (13, 20), (2, 14), (14, 23),
        (0, 3), (3, 6), (2, 5), (5, 8), (15, 18), (18, 21), (17, 20), (20, 23),
    ],
    mills: [
        [0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11],
        [12, 13, 14], [15, 16, 17], [18, 19, 20], [21, 22, 23],
        [0, 9, 21], [3, 10, 18], [6, 11, 15], [1, 4, 7],
        [16, 19, 22], [8, 12, 17], [5, 13, 20], [2, 14, 23],
        [0, 3, 6], [2, 5, 8], [21, 18, 15], [23, 20, 17],
    ],
);

const NINE_POINTS: [(u32, u32); 24] = [
    (0, 0),
    (3, 0),
    (6, 0),
    (1, 1),
    (3, 1),
    (5, 1),
    (2, 2),
    (3, 2),
    (4, 2),
    (0, 3),
    (1, 3),
    (2, 3),
    (4, 3),
    (5, 3),
    (6, 3),
    (2, 4),
    (3, 4),
    (4, 4),
    (1, 5),
    (3, 5),
    (5, 5),
    (0, 6),
    (3, 6),
    (6, 6),
];

const NINE_EDGES: [(u8, u8); 32] = [
    (0, 1),
    (1, 2),
    (3, 4),
    (4, 5),
    (6, 7),
    (7, 8),
    (9, 10),
    (10, 11),
    (12, 13),
    (13, 14),
    (15, 16),
    (16, 17),
    (18, 19),
    (19, 20),
    (21, 22),
    (22, 23),
    (0, 9),
    (9, 21),
    (3, 10),
    (10, 18),
    (6, 11),
    (11, 15),
    (1, 4),
    (4, 7),
    (16, 19),
    (19, 22),
    (8, 12),
    (12, 17),
    (5, 13),
    (13, 20),
    (2, 14),
    (14, 23),
];

const NINE_MILLS: [[u8; 3]; 16] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [9, 10, 11],
    [12, 13, 14],
    [15, 16, 17],
    [18, 19, 20],
    [21, 22, 23],
    [0, 9, 21],
    [3, 10, 18],
    [6, 11, 15],
    [1, 4, 7],
    [16, 19, 22],
    [8, 12, 17],
    [5, 13, 20],
    [2, 14, 23],
];

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [(&str, &Topology, usize, usize, usize); 4] = [
        ("three", &THREE, 9, 16, 8),
        ("six", &SIX, 16, 20, 8),
        ("nine", &NINE, 24, 32, 16),
        ("twelve", &TWELVE, 24, 40, 20),
    ];

    #[test]
    fn each_board_has_the_published_numbers_of_points_lines_and_mills() {
        for (name, board, points, edges, mills) in ALL {
            assert_eq!(board.points.len(), points, "{name}: points");
            assert_eq!(board.edges.len(), edges, "{name}: edges");
            assert_eq!(board.mills.len(), mills, "{name}: mills");
            assert!(board.points.len() <= MAX_POINTS, "{name}");
        }
    }

    #[test]
    fn points_are_distinct_and_on_the_lattice() {
        for (name, board, ..) in ALL {
            for (i, &(x, y)) in board.points.iter().enumerate() {
                assert!(x < board.width && y < board.height, "{name}: point {i} off the lattice");
                assert!(!board.points[..i].contains(&(x, y)), "{name}: point {i} drawn twice");
            }
            let mut sorted = board.points.to_vec();
            sorted.sort_by_key(|&(x, y)| (y, x));
            assert_eq!(sorted, board.points, "{name}: points are numbered row by row");
        }
    }

    #[test]
    fn edges_are_distinct_straight_and_symmetric() {
        for (name, board, ..) in ALL {
            for (i, &(a, b)) in board.edges.iter().enumerate() {
                assert!(a < b && (b as u32) < board.point_count(), "{name}: edge {i} is ({a}, {b})");
                assert!(!board.edges[..i].contains(&(a, b)), "{name}: edge ({a}, {b}) twice");
                let (pa, pb) = (board.points[a as usize], board.points[b as usize]);
                let (dx, dy) = (pa.0.abs_diff(pb.0), pa.1.abs_diff(pb.1));
                assert!(dx == 0 || dy == 0 || dx == dy, "{name}: edge ({a}, {b}) is not straight");
            }
            for p in 0..board.point_count() {
                for q in 0..board.point_count() {
                    let pq = board.neighbours(p) & 1 << q != 0;
                    let qp = board.neighbours(q) & 1 << p != 0;
                    assert_eq!(pq, qp, "{name}: adjacency of {p} and {q} is one-sided");
                }
                assert!(board.neighbours(p) & 1 << p == 0, "{name}: {p} is its own neighbour");
                assert!(board.neighbours(p).count_ones() >= 2, "{name}: {p} has fewer than two neighbours");
            }
            let degrees: u32 = (0..board.point_count()).map(|p| board.neighbours(p).count_ones()).sum();
            assert_eq!(degrees as usize, 2 * board.edges.len(), "{name}");
        }
    }

    #[test]
    fn every_mill_is_a_straight_line_of_adjacent_points() {
        for (name, board, ..) in ALL {
            for (m, &[a, b, c]) in board.mills.iter().enumerate() {
                let joined = |p: u8, q: u8| board.neighbours(p as u32) & 1 << q != 0;
                assert!(joined(a, b) && joined(b, c), "{name}: mill {m} is not a path along edges");
                let (pa, pb, pc) = (board.points[a as usize], board.points[b as usize], board.points[c as usize]);
                assert_eq!((pa.0 + pc.0, pa.1 + pc.1), (2 * pb.0, 2 * pb.1), "{name}: mill {m} is not straight");
                assert_eq!(board.mill_masks()[m], 1 << a | 1 << b | 1 << c);
                let mut sorted = [a, b, c];
                sorted.sort();
                for (n, other) in board.mills[..m].iter().enumerate() {
                    let mut other = *other;
                    other.sort();
                    assert_ne!(sorted, other, "{name}: mills {n} and {m} are the same");
                }
            }
        }
    }

    #[test]
    fn mills_through_each_point_match_the_mill_table() {
        for (name, board, ..) in ALL {
            for p in 0..board.point_count() {
                let expected: Vec<u32> = board.mill_masks().iter().copied().filter(|mask| mask & 1 << p != 0).collect();
                assert_eq!(board.mills_at(p), expected.as_slice(), "{name}: point {p}");
                assert!(!expected.is_empty(), "{name}: point {p} is on no mill");
            }
        }
        // Nine: every point lies on exactly two mills; twelve: the corners on three.
        assert!((0..24).all(|p| NINE.mills_at(p).len() == 2));
        let on_three: Vec<u32> = (0..24).filter(|&p| TWELVE.mills_at(p).len() == 3).collect();
        assert_eq!(on_three, [0, 2, 3, 5, 6, 8, 15, 17, 18, 20, 21, 23]);
    }

    #[test]
    fn twelve_is_nine_plus_the_diagonals() {
        assert_eq!(TWELVE.points, NINE.points);
        assert_eq!(&TWELVE.edges[..32], NINE.edges);
        assert_eq!(&TWELVE.mills[..16], NINE.mills);
        for &(a, b) in &TWELVE.edges[32..] {
            let (pa, pb) = (TWELVE.points[a as usize], TWELVE.points[b as usize]);
            assert_eq!(pa.0.abs_diff(pb.0), pa.1.abs_diff(pb.1), "({a}, {b}) is not a diagonal");
        }
    }

    #[test]
    fn points_have_their_usual_names() {
        assert_eq!(NINE.name(0), "a7");
        assert_eq!(NINE.name(21), "a1");
        assert_eq!(NINE.name(23), "g1");
        assert_eq!(NINE.name(16), "d3");
        assert_eq!(THREE.name(4), "b2");
        assert_eq!(SIX.name(15), "e1");
        assert_eq!(NINE.name(99), "point 99");
    }
}
