-- Room on each page for a changed goods row, so that taking stock (no indexed column changes) is a heap-only update
-- that writes none of the goods' fifteen indexes. A goods row is some 1.3 KB (1.8 KB at most: its pictures and
-- instructions), more than the 0.8 KB that fillfactor 90 left free: two updates in three wrote every index, seven of
-- them trigram indexes. 70 leaves 2.4 KB. The table is rewritten once so that its pages have that room now.
ALTER TABLE "goods" SET (fillfactor = 70);--> statement-breakpoint
CLUSTER "goods" USING "goods_pkey";
