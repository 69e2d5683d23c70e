import Graphics
import Testing

/// The check a render makes before it asks for its buffers, which would abort the process if not there.
@Suite struct MemoryTuningTests {
    @Test func moreThanTheAddressSpaceCannotBeAllocatedAndAMegabyteCan() {
        // An optimised build once answered yes to everything: its malloc-then-free was taken out.
        #expect(!MemoryTuning.canAllocate(bytes: 1 << 60))
        #expect(!MemoryTuning.canAllocate(bytes: Int.max))
        #expect(MemoryTuning.canAllocate(bytes: 1 << 20))
        #expect(MemoryTuning.canAllocate(bytes: 0))
    }
}
