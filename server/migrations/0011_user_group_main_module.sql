-- The module a group works in: its members land on that module's dashboard after signing in
-- (the front desk on the front-office dashboard). NULL: the main dashboard.
ALTER TABLE user_group ADD COLUMN main_module text;
