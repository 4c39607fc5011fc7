-- Match history by rule set (`GET /api/games?rule_set=…`): one index range
-- a rule set, newest first from the cursor, as games_finished_order is for
-- every game. Without it a rule set with few games walks the whole order
-- index to fill a page (every game, for a rule set nobody has played).
CREATE INDEX games_rule_set_finished ON games (rule_set, finished_at DESC, id DESC)
    WHERE status = 'finished';
