import { fuzzSuite } from './fuzz/suite';

// Routes 3 of 3 of the fuzzer (fuzz/suite.ts): one file per share, run side by side.
fuzzSuite(3);
