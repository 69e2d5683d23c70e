#if canImport(Glibc)
import Glibc
#endif
import Graphics

MemoryTuning.keepFreedBuffersForReuse()
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
