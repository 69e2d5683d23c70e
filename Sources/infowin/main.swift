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
let arguments = Array(CommandLine.arguments.dropFirst())
// The commands that draw start at once, on a thread of their own, what their first image waits for:
// fontconfig's configuration first, then the binary's hash, which every PNG's input hash records (the other
// commands never read or keep it: `doctor` changes nothing). One thread, not three: on two cores, three
// threads started together delayed the configuration, which a cold render waits for, by 4 ms or more in a
// fifth of runs (README, "Speed"). ICU is not opened here: only a spec drawn with a catalog needs it.
if CommandLineTool.draws(arguments) {
    MachineFontConfiguration.startLoading {
        _ = ContentHash.binary
    }
}
exit(CommandLineTool.run(arguments).rawValue)
