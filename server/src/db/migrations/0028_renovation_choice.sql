-- Renovation preview (decision 062): each original of a renovation project keeps the surfaces its
-- latest run changed and to what (contract/renovation.ts), so a Re-Stage offers the same choice again.
ALTER TABLE "project_images" ADD COLUMN "renovation" jsonb;
