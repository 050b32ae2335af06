-- que_stranded_appointments takes the scope of the owner change it guards (businesses/sql/stranded-bookings.sql):
-- the function file creates the new signature; the old one goes here, as CREATE OR REPLACE cannot change it.
DROP FUNCTION IF EXISTS que_stranded_appointments(integer, timestamp with time zone);
