-- trip_started now means the driver has set off to the pick-up (before arriving); a ticket stored in it under the
-- old order had its passenger on board, which is now passenger_picked_up.
UPDATE "tickets" SET "trip_state" = 'passenger_picked_up' WHERE "trip_state" = 'trip_started';
