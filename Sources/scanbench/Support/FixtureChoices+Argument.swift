import ArgumentParser
import Fixture

// The fixture model's fixed sets of choices, as typed command-line values: `--help` lists them and
// the parser refuses any other word, naming the ones there are (`fixture generate`, `fixture wifi`).

extension LANProfile: ExpressibleByArgument {}

extension WiFiModelling: ExpressibleByArgument {}
