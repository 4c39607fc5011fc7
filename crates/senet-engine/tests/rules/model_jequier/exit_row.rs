//! Jequier's exit row: bearing off by landing on 30, waiting on 30, a piece
//! captured back out of row 3, and the winner's score.

use super::*;

#[test]
fn with_every_piece_in_row_3_a_piece_landing_on_30_bears_off_at_once_and_none_goes_past() {
    let position = text(&[(26, 'w'), (22, 'w'), (1, 'b')], 'w');
    assert_eq!(
        lines(ID, &position, 4),
        vec![line(26, "off", &[(22, 'w'), (1, 'b')], 'w')]
    );
    let (_, events) = play(
        Jequier,
        dealt(&Jequier, &position, 0, false),
        &[throw(&Jequier, 4), move_from(0, 26)],
    );
    assert_eq!(events[1][0], piece(0, 26, None, Why::BorneOff));
    assert_eq!(
        why_not(&text(&[(28, 'w'), (21, 'w'), (1, 'b')], 'w'), 3, 28),
        PlayError::PastTheEnd
    );
    assert_eq!(
        lines(ID, &text(&[(28, 'w'), (1, 'b')], 'w'), 2),
        vec![line(28, "off", &[(1, 'b')], 'b')]
    );
}

#[test]
fn decision_a_piece_may_move_onto_30_early_and_wait_there_safe() {
    let position = text(&[(26, 'w'), (10, 'w'), (1, 'b')], 'w');
    assert_eq!(
        lines(ID, &position, 4)[1],
        line(26, "30", &[(30, 'w'), (10, 'w'), (1, 'b')], 'w')
    );
    // Waiting there it cannot leave, nor be landed on.
    let waiting = text(&[(30, 'w'), (10, 'w'), (26, 'b')], 'w');
    assert_eq!(why_not(&waiting, 6, 30), PlayError::NotAllInExitRow);
    let attacker = text(&[(30, 'w'), (10, 'w'), (26, 'b'), (1, 'b')], 'b');
    assert_eq!(
        why_not(&attacker, 4, 26),
        PlayError::ProtectedPiece { square: sq(30) }
    );
}

#[test]
fn decision_a_piece_waiting_on_30_leaves_with_any_throw_by_the_players_choice() {
    let position = text(&[(30, 'w'), (24, 'w'), (1, 'b')], 'w');
    for t in [1, 2, 3, 4, 6] {
        let found = lines(ID, &position, t);
        let side = if matches!(t, 1 | 4 | 6) { 'w' } else { 'b' };
        assert!(
            found.contains(&line(30, "off", &[(24, 'w'), (1, 'b')], side)),
            "{t}: {found:?}"
        );
    }
    // A choice among the options, not something that happens by itself.
    let (state, events) = play(
        Jequier,
        dealt(&Jequier, &position, 0, false),
        &[throw(&Jequier, 2)],
    );
    assert!(events[0].is_empty());
    assert_eq!(options(&Jequier.next(&state)), (0, vec![24, 30]));
    let (after, _) = play(Jequier, state, &[move_from(0, 24)]);
    assert_eq!(after.position.piece_at(sq(30)), Some(Side::Cone));
}

#[test]
fn decision_a_piece_captured_back_out_of_row_3_stops_bearing_off_until_it_returns() {
    let position = text(&[(30, 'w'), (22, 'w'), (20, 'b'), (1, 'b')], 'b');
    let start = dealt(&Jequier, &position, 0, false);
    let (state, _) = play(
        Jequier,
        start,
        &[throw(&Jequier, 2), move_from(1, 20), throw(&Jequier, 6)],
    );
    assert_eq!(
        state.position.piece_at(sq(20)),
        Some(Side::Cone),
        "swapped back into row 2"
    );
    assert_eq!(
        options(&Jequier.next(&state)),
        (0, vec![20]),
        "30 may not leave"
    );
    let (state, _) = play(Jequier, state, &[move_from(0, 20), throw(&Jequier, 2)]);
    assert_eq!(
        options(&Jequier.next(&state)),
        (0, vec![26, 30]),
        "back in row 3"
    );
}

#[test]
fn the_winner_scores_5_and_1_2_or_3_for_each_opponent_piece_in_row_3_2_or_1() {
    let pieces = [(30, 'w'), (25, 'b'), (15, 'b'), (3, 'b'), (4, 'b')];
    // Seat 1 plays White.
    let (after, events) = play(
        Jequier,
        dealt(&Jequier, &text(&pieces, 'w'), 1, false),
        &[throw(&Jequier, 1), move_from(1, 30)],
    );
    assert_eq!(events[1], vec![piece(1, 30, None, Why::BorneOff)]);
    let Next::End(standing) = Jequier.next(&after) else {
        panic!("the game is over")
    };
    assert_eq!(standing.places, vec![seat(1), seat(0)]);
    assert_eq!(standing.scores, vec![0, 5 + 1 + 2 + 3 + 3]);
    assert_eq!(standing.how, EndHow::BorneOff);
    assert_eq!(
        Jequier.apply(&mut after.clone(), throw(&Jequier, 2), &mut Vec::new()),
        Err(StepError::GameOver)
    );
}
