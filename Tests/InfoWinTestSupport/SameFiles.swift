import Testing

extension TemporaryFolder {
    /// Expects the sub-folders `first` and `second` to hold the same `count` files, byte for byte: what two
    /// runs that must agree (one job and two, say) wrote. `runs` names them in a failure.
    public func expectSameFiles(
        _ first: String, _ second: String, count: Int, runs: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let files = self.files(under: first)
        #expect(files.count == count, sourceLocation: sourceLocation)
        #expect(self.files(under: second) == files, sourceLocation: sourceLocation)
        for file in files {
            #expect(try bytes(first + "/" + file) == bytes(second + "/" + file), "\(file) differs between \(runs)",
                    sourceLocation: sourceLocation)
        }
    }
}
