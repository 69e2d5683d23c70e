#if canImport(Glibc)
import Glibc
#endif
import Graphics
import InfoWinKit

MemoryTuning.keepFreedBuffersForReuse()
FileSystem.holdStandardDescriptors()
// A reader that went away is a write error (EPIPE) to report, with the outputs taken back, not a silent death.
signal(SIGPIPE, SIG_IGN)
Interruption.unblockSignals()
ProcessStop.install(InterruptionStopPolicy())
let arguments = Array(CommandLine.arguments.dropFirst())
// The commands that draw start at once, on a thread of their own, what their first image waits for:
// fontconfig's configuration (the other commands never need it: `doctor` changes nothing). ICU is not
// opened here: only a spec drawn with a catalog needs it.
if CommandLineTool.draws(arguments) {
    MachineFontConfiguration.startLoading()
}
exit(CommandLineTool.run(arguments).rawValue)
