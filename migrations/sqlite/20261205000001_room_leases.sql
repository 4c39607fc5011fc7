-- The same schema as PostgreSQL's. Leases are for several nodes sharing one
-- PostgreSQL database; a SQLite store (one process) refuses them, and the
-- table stays empty.
CREATE TABLE room_leases (
    room_code  TEXT PRIMARY KEY REFERENCES rooms (code),
    node_id    TEXT NOT NULL,
    epoch      INTEGER NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX room_leases_expires_at ON room_leases (expires_at);
