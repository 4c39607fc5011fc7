//! Self-tests of the independent reference implementation against
//! hand-worked examples from shared/spec/rules-kendall.md.

use crate::reference;

use reference::{reference_moves, reference_parse};

const START: &str = "cscscscscs.................... c";

/// Build position text from (square, letter) pairs and the side to throw.
fn pos(pieces: &[(usize, char)], side: char) -> String {
    let mut squares = ['.'; 30];
    for &(sq, c) in pieces {
        squares[sq - 1] = c;
    }
    let mut s: String = squares.iter().collect();
    s.push(' ');
    s.push(side);
    s
}

fn moves(position: &str, throw: u8) -> Vec<String> {
    reference_moves(position, throw).unwrap_or_default()
}

#[test]
fn start_throw_3_matches_spec_example() {
    let m = moves(START, 3);
    assert_eq!(m.len(), 5);
    assert_eq!(m[0], "1 4 sscccscscs.................... s");
    assert_eq!(m[1], "3 6 cssscccscs.................... s");
    assert_eq!(m[4], "9 12 cscscscs.s.c.................. s");
}

#[test]
fn start_throw_2_only_nine_to_eleven() {
    assert_eq!(
        moves(START, 2),
        vec!["9 11 cscscscs.sc................... s"]
    );
}

#[test]
fn water_from_26_with_15_free() {
    let p = pos(&[(1, 's'), (26, 'c')], 'c');
    let want = format!("26 27 {}", pos(&[(1, 's'), (15, 'c')], 'c'));
    assert_eq!(moves(&p, 1), vec![want]);
}

#[test]
fn water_from_26_with_15_occupied() {
    // Spool on 15 (unprotected), Cone on 14 and 26, throw 1.
    let p = pos(&[(14, 'c'), (15, 's'), (26, 'c')], 'c');
    let m = moves(&p, 1);
    assert_eq!(
        m,
        vec![
            // 14 captures 15 by swapping.
            format!("14 15 {}", pos(&[(14, 's'), (15, 'c'), (26, 'c')], 'c')),
            // 15 and 14 occupied: the piece goes to 13.
            format!("26 27 {}", pos(&[(13, 'c'), (14, 'c'), (15, 's')], 'c')),
        ]
    );
}

#[test]
fn forced_backward_move() {
    // 10->11 hits own piece; 11->12 hits a protected Spool: no forward move.
    let p = pos(
        &[(10, 'c'), (11, 'c'), (12, 's'), (13, 's'), (14, 's')],
        'c',
    );
    let m = moves(&p, 1);
    assert_eq!(
        m,
        vec![
            format!(
                "10 9 {}",
                pos(&[(9, 'c'), (11, 'c'), (12, 's'), (13, 's'), (14, 's')], 'c')
            ),
            format!(
                "11 9 {}",
                pos(&[(9, 'c'), (10, 'c'), (12, 's'), (13, 's'), (14, 's')], 'c')
            ),
        ]
    );
}

#[test]
fn backward_onto_27_goes_to_water() {
    // Throw 2: 28->30 own piece, 30+2 overshoots. Backward: 28 -> 27 -> 15, 30 -> 29.
    let p = pos(&[(28, 'c'), (30, 'c')], 'c');
    assert_eq!(
        moves(&p, 2),
        vec![
            format!("28 27 {}", pos(&[(15, 'c'), (30, 'c')], 's')),
            format!("30 29 {}", pos(&[(28, 'c'), (29, 'c')], 's')),
        ]
    );
}

#[test]
fn blocked_by_own_but_nothing_behind_is_forfeit() {
    let p = pos(&[(1, 'c'), (2, 'c'), (3, 's'), (4, 's'), (5, 's')], 'c');
    assert_eq!(
        moves(&p, 1),
        vec![format!(
            "pass {}",
            pos(&[(1, 'c'), (2, 'c'), (3, 's'), (4, 's'), (5, 's')], 's')
        )]
    );
}

#[test]
fn forfeit_on_mandatory_stop_and_26_plus_5() {
    let p = pos(&[(25, 'c')], 'c');
    assert_eq!(
        moves(&p, 2),
        vec![format!("pass {}", pos(&[(25, 'c')], 's'))]
    );
    let p = pos(&[(26, 'c')], 'c');
    assert_eq!(
        moves(&p, 5),
        vec![format!("pass {}", pos(&[(26, 'c')], 's'))]
    );
    // A forfeit on 1 passes the turn; no backward move since nothing hit own piece.
    let p = pos(&[(1, 's'), (30, 'c')], 'c');
    assert_eq!(
        moves(&p, 4),
        vec![format!("pass {}", pos(&[(1, 's'), (30, 'c')], 's'))]
    );
}

#[test]
fn bear_off_from_30_with_1() {
    let p = pos(&[(1, 's'), (30, 'c')], 'c');
    assert_eq!(
        moves(&p, 1),
        vec![format!("30 off {}", pos(&[(1, 's')], 'c'))]
    );
    let p = pos(&[(28, 's')], 's');
    assert_eq!(moves(&p, 3), vec![format!("28 off {}", pos(&[], 'c'))]);
    assert_eq!(
        moves(&p, 2),
        vec![format!("28 30 {}", pos(&[(30, 's')], 'c'))]
    );
}

#[test]
fn blockade_and_protection() {
    // Run of three Spools blocks jumping over it.
    let p = pos(&[(1, 'c'), (2, 's'), (3, 's'), (4, 's')], 'c');
    assert_eq!(
        moves(&p, 4),
        vec![format!(
            "pass {}",
            pos(&[(1, 'c'), (2, 's'), (3, 's'), (4, 's')], 's')
        )]
    );
    // A run of two does not.
    let p = pos(&[(1, 'c'), (2, 's'), (3, 's')], 'c');
    assert_eq!(
        moves(&p, 4),
        vec![format!("1 5 {}", pos(&[(2, 's'), (3, 's'), (5, 'c')], 'c'))]
    );
    // Lone piece on 26 can be captured; 28 is protected; lone 30 can be captured.
    let p = pos(&[(25, 'c'), (26, 's')], 'c');
    assert_eq!(
        moves(&p, 1),
        vec![format!("25 26 {}", pos(&[(25, 's'), (26, 'c')], 'c'))]
    );
    let p = pos(&[(26, 'c'), (28, 's')], 'c');
    assert_eq!(
        moves(&p, 2),
        vec![format!("pass {}", pos(&[(26, 'c'), (28, 's')], 's'))]
    );
    let p = pos(&[(28, 'c'), (30, 's')], 'c');
    assert_eq!(
        moves(&p, 2),
        vec![format!("28 30 {}", pos(&[(28, 's'), (30, 'c')], 's'))]
    );
}

#[test]
fn parse_validity() {
    assert_eq!(reference_parse(START), Some(()));
    assert_eq!(reference_parse(&pos(&[], 's')), Some(()));
    assert_eq!(reference_parse("cscscscscs.................... "), None);
    assert_eq!(reference_parse("cscscscscs.................... x"), None);
    assert_eq!(reference_parse("cscscscscs....................  c"), None);
    assert_eq!(reference_parse("cscscscscsx................... c"), None);
    assert_eq!(reference_parse(&pos(&[(27, 'c')], 'c')), None);
    assert_eq!(
        reference_parse(&pos(
            &[(1, 'c'), (3, 'c'), (5, 'c'), (7, 'c'), (9, 'c'), (11, 'c')],
            'c'
        )),
        None
    );
    assert_eq!(reference_moves(START, 0), None);
    assert_eq!(reference_moves(START, 6), None);
}
