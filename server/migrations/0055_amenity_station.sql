-- Amenity requests (extra towels, a baby cot, an iron) are sold like dishes from room service but prepared by
-- housekeeping: a third station, with its own printer and its own waiting-orders board in housekeeping.
ALTER TABLE pos_menu DROP CONSTRAINT pos_menu_station_check;
ALTER TABLE pos_menu ADD CONSTRAINT pos_menu_station_check CHECK (station IN ('kitchen', 'bar', 'amenity', 'none'));
ALTER TABLE pos_ticket DROP CONSTRAINT pos_ticket_station_check;
ALTER TABLE pos_ticket ADD CONSTRAINT pos_ticket_station_check CHECK (station IN ('kitchen', 'bar', 'amenity', 'cashier'));
ALTER TABLE pos_printer DROP CONSTRAINT pos_printer_purpose_check;
ALTER TABLE pos_printer ADD CONSTRAINT pos_printer_purpose_check CHECK (purpose IN ('bill', 'kitchen', 'bar', 'amenity', 'report'));
