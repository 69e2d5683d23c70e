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
// Every PNG written records the binary's hash in its input hash: the commands that draw start finding it at
// once, on the core fonts leave idle (the others never read or keep it: `doctor` changes nothing).
if CommandLineTool.draws(arguments) { ContentHash.startEarly() }
exit(CommandLineTool.run(arguments).rawValue)
