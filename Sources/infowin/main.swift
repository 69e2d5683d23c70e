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
// Every PNG written records the binary's hash in its input hash: made on the core fonts leave idle.
ContentHash.startEarly()
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
