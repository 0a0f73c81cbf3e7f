// ScanKit: the discovery stack under test (see docs/SCANKIT.md).
