import FuzzHarness

LibFuzzer.run(warmingUpWith: "start wash for snowy\nyse\n") { understandingFuzzerTestOneInput($0, $1) }
