//! The statements several game writes share, as macros so each is
//! compiled for both drivers inside the caller's transaction: a game with
//! its seats inserted, a computer level's player row, a game finished (and
//! rated, `ratings::rate_game!`).

/// Inserts a game and its seats on `$conn`, with the computer's player row
/// for any seat the computer holds.
macro_rules! insert_game {
    ($conn:ident, $game:expr, $room_code:expr, $seat_count:expr, $now:expr) => {{
        let game = $game;
        let status = game.status();
        for player in game.players.iter().flatten() {
            if let Some(level) = crate::computer::level_of(*player) {
                insert_computer!($conn, level, $now);
            }
        }
        let started_at = (status == GameStatus::Playing).then_some($now);
        sqlx::query(
            "INSERT INTO games (id, room_code, game_no, rule_set, seat_count, status, created_at, started_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(game.id)
        .bind($room_code)
        .bind(game.game_no)
        .bind(game.rule_set.as_str())
        .bind($seat_count)
        .bind(status.as_str())
        .bind($now)
        .bind(started_at)
        .execute(&mut *$conn)
        .await?;
        for (seat, player) in game.players.iter().enumerate() {
            let client_seed = game.client_seeds.get(seat).copied().unwrap_or("");
            sqlx::query(
                "INSERT INTO game_seats (game_id, seat, player_id, client_seed) VALUES ($1, $2, $3, $4)",
            )
            .bind(game.id)
            .bind(i16::try_from(seat).unwrap_or(i16::MAX))
            .bind(*player)
            .bind(client_seed)
            .execute(&mut *$conn)
            .await?;
        }
        if let Some((server_seed, commitment)) = game.fairness {
            sqlx::query(
                "INSERT INTO game_fairness (game_id, server_seed, commitment) VALUES ($1, $2, $3)",
            )
            .bind(game.id)
            .bind(server_seed)
            .bind(commitment)
            .execute(&mut *$conn)
            .await?;
        }
    }};
}

/// Inserts a computer level's player row unless it is there already.
macro_rules! insert_computer {
    ($conn:ident, $level:expr, $now:expr) => {
        sqlx::query(
            "INSERT INTO players (id, display_name, token_hash, created_at, computer_level)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(crate::computer::player_id($level))
        .bind(crate::computer::display_name($level))
        .bind(Vec::<u8>::new())
        .bind($now)
        .bind($level.as_str())
        .execute(&mut *$conn)
        .await?
    };
}

/// Finishes a game that is still playing on `$conn` (else `RowNotFound`):
/// status, `end_how`, `finished_at`, and each named seat's place, score
/// and colour.
macro_rules! finish_game {
    ($conn:ident, $game_id:expr, $how:expr, $seats:expr, $now:expr) => {{
        one_row(
            sqlx::query(
                "UPDATE games SET status = $4, end_how = $2, finished_at = $3
                 WHERE id = $1 AND status = 'playing'",
            )
            .bind($game_id)
            .bind($how.as_str())
            .bind($now)
            .bind(crate::store::GameStatus::Finished.as_str())
            .execute(&mut *$conn)
            .await?
            .rows_affected(),
        )?;
        sqlx::query("UPDATE game_seats SET finished_at = $2 WHERE game_id = $1")
            .bind($game_id)
            .bind($now)
            .execute(&mut *$conn)
            .await?;
        for (seat, place, score, colour) in $seats {
            one_row(
                sqlx::query(
                    "UPDATE game_seats
                     SET place = $3, score = COALESCE($4, score), colour = COALESCE($5, colour)
                     WHERE game_id = $1 AND seat = $2",
                )
                .bind($game_id)
                .bind(*seat)
                .bind(*place)
                .bind(*score)
                .bind(*colour)
                .execute(&mut *$conn)
                .await?
                .rows_affected(),
            )?;
        }
        rate_game!($conn, $game_id, $now);
    }};
}
