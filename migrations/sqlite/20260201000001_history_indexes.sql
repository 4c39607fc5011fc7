-- Match history: the list of finished games, newest first, with keyset
-- pagination over (finished_at, id), for everyone or for one player.
-- Partial indexes: only finished games are listed.

CREATE INDEX games_finished_order ON games (finished_at DESC, id DESC)
    WHERE status = 'finished';

CREATE INDEX games_cone_finished ON games (cone_player, finished_at DESC, id DESC)
    WHERE status = 'finished';

CREATE INDEX games_spool_finished ON games (spool_player, finished_at DESC, id DESC)
    WHERE status = 'finished';
