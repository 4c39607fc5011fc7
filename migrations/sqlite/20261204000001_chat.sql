-- Room chat (docs/protocol.md, "Chat"): whether the room's creator turned
-- chat off (rooms of earlier releases have it on).
ALTER TABLE rooms ADD COLUMN chat_off BOOLEAN NOT NULL DEFAULT FALSE;

-- Every chat message, stored with the game it was written during, before
-- anyone is told of it. `seq_no` numbers a game's messages from 1 over
-- both channels; the author's display name is kept as it was when they
-- wrote, so a later rename does not rewrite what was said.
CREATE TABLE chat_messages (
    game_id      BLOB NOT NULL REFERENCES games (id),
    seq_no       INTEGER NOT NULL CHECK (seq_no >= 1),
    -- players: the seated players' chat; spectators: the watchers'
    channel      TEXT NOT NULL CHECK (channel IN ('players', 'spectators')),
    player_id    BLOB NOT NULL REFERENCES players (id),
    display_name TEXT NOT NULL,
    body         TEXT NOT NULL,
    sent_at      TEXT NOT NULL,
    PRIMARY KEY (game_id, seq_no)
);
