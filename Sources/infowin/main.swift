#if canImport(Glibc)
import Glibc
#endif
import Graphics
import ICUText
import InfoWinKit

MemoryTuning.keepFreedBuffersForReuse()
FileSystem.holdStandardDescriptors()
// A reader that went away is a write error (EPIPE) to report, with the outputs taken back, not a silent death.
signal(SIGPIPE, SIG_IGN)
Interruption.unblockSignals()
let arguments = Array(CommandLine.arguments.dropFirst())
// The commands that draw start at once what their first image waits for, each on a thread of its own:
// fontconfig's configuration, and what every PNG's input hash records: ICU's versions (its library opened)
// and the binary's hash (the other commands never read or keep it: `doctor` changes nothing).
if CommandLineTool.draws(arguments) {
    MachineFontConfiguration.startLoading()
    ICULibrary.startLoading()
    ContentHash.startEarly()
}
exit(CommandLineTool.run(arguments).rawValue)
