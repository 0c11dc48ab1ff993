import FuzzHarness

LibFuzzer.run(warmingUpWith: "create pet Snowy\nyse\nstart wash for snowy\nstatus\nhelp\n") { assistantFuzzerTestOneInput($0, $1) }
