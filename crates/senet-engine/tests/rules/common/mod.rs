//! Helpers shared by the engine's integration tests.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use senet_engine::kendall_v1::{Position, Rules, Throw};
use senet_engine::{Kendall, Square};

/// Position text with Cone on `cone`, Spool on `spool` and `side` to throw.
pub fn text(cone: &[u8], spool: &[u8], side: char) -> String {
    let mut squares = ['.'; 30];
    for &n in cone {
        squares[usize::from(n) - 1] = 'c';
    }
    for &n in spool {
        squares[usize::from(n) - 1] = 's';
    }
    let mut out: String = squares.iter().collect();
    out.push(' ');
    out.push(side);
    out
}

/// The position with Cone on `cone`, Spool on `spool` and `side` to throw.
pub fn pos(cone: &[u8], spool: &[u8], side: char) -> Position {
    Kendall
        .parse_position(&text(cone, spool, side))
        .expect("test position is valid")
}

/// A throw of the standard rules.
pub fn throw(value: u8) -> Throw {
    Kendall.throw(value).expect("test throw is valid")
}

/// A square.
pub fn sq(n: u8) -> Square {
    Square::new(n).expect("test square is valid")
}

/// What `senet moves` prints for this position and throw, line by line.
pub fn lines(position: &Position, t: u8) -> Vec<String> {
    let rules = Kendall;
    let throw = throw(t);
    let moves = rules.legal_moves(position, throw);
    if moves.is_empty() {
        return vec![format!(
            "pass {}",
            rules.position_text(&rules.pass(position))
        )];
    }
    moves
        .iter()
        .map(|mv| {
            format!(
                "{} {} {}",
                mv.from,
                mv.to,
                rules.position_text(&rules.apply(position, throw, mv))
            )
        })
        .collect()
}
