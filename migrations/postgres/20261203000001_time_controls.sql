-- Time controls (docs/protocol.md, "Time controls"): a room's time control,
-- chosen when it is created and kept by every game of the room, as text:
-- `clock:<seconds>+<increment>` (a game clock) or `move:<seconds>` (a move
-- timer); NULL for none (and for rooms of earlier releases).
ALTER TABLE rooms ADD COLUMN time_control TEXT;

-- Each seat's remaining time after a step, in milliseconds, seat 0 first,
-- comma-separated (`298000,300000`); for a move timer, each seat's reserve
-- bank. Set on the last step of each write in a room with a time control,
-- NULL otherwise: a room resumes its clocks from the last step that has one.
ALTER TABLE steps ADD COLUMN clock TEXT;
