-- The earliest free starts follow the change log (decision 0029, issue 28): an appointment's change
-- raises its business's rows in the change's follow job (que_earliest_follow), no longer in
-- triggers inside the changing transaction. A trigger and its function are dropped here, since a
-- function file can only create them.
DROP TRIGGER IF EXISTS appointments_slots_inserted ON appointments;--> statement-breakpoint
DROP TRIGGER IF EXISTS appointments_slots_updated ON appointments;--> statement-breakpoint
DROP TRIGGER IF EXISTS appointments_slots_deleted ON appointments;--> statement-breakpoint
DROP FUNCTION IF EXISTS que_appointment_slots_changed();
