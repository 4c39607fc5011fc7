-- Which node runs a live room when several nodes share this database: one
-- owner at a time, until `expires_at` unless renewed. `epoch` rises with
-- every take; a node's writes are fenced by it (store/leases.rs), so a node
-- whose lease was taken over can never commit a step.
CREATE TABLE room_leases (
    room_code  TEXT PRIMARY KEY REFERENCES rooms (code),
    node_id    TEXT NOT NULL,
    epoch      BIGINT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX room_leases_expires_at ON room_leases (expires_at);
