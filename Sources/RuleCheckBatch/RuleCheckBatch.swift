// RuleCheckBatch: readers and reports.
