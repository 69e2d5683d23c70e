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
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
