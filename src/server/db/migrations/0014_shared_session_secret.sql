-- The generated session secret lives in the database (DESIGN section 3), so every process on one
-- database signs and reads the same cookies; before this each process kept its own in DATA_DIR.
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL CHECK (length(value) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
