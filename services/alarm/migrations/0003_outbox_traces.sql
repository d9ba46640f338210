-- The trace an event was written in (W3C traceparent, 55 characters), carried by the relay
-- into the event's NATS headers so its consumers continue the trace (docs/observability.md).
ALTER TABLE alarm.outbox ADD COLUMN traceparent VARCHAR(55);
