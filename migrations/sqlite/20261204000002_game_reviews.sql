-- Game reviews (docs/ai.md, "Game review"): computed once in the background
-- for a finished game, and again only when the analysis's version is newer
-- than the stored one. `nodes` is the search budget the review used;
-- `document` the review as the API serves it (JSON text).
CREATE TABLE game_reviews (
    game_id     BLOB PRIMARY KEY REFERENCES games (id),
    version     INTEGER NOT NULL,
    nodes       BIGINT NOT NULL,
    computed_at TEXT NOT NULL,
    document    TEXT NOT NULL
);
