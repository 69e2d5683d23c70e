@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

/// Hands a fuzz target to libFuzzer's driver. SwiftPM links an executable's entry point as
/// `<Target>_main`, which each fuzz target defines to call this, so libFuzzer's own `main` is not needed.
public func runFuzzer(
    argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    target: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, target)
}
