#if canImport(Glibc)
import Glibc
#endif
import Graphics
import InfoWinKit

MemoryTuning.keepFreedBuffersForReuse()
Interruption.unblockSignals()
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
