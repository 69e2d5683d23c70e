import Foundation
import Graphics
import HTTPServer
import InfoWinServe
import Testing

/// Signed `/staticmap` URLs on their own: HMAC-SHA1 against RFC 2202's vectors, the signature against
/// Google's published worked example and answers computed with Python's `hmac` and `base64`, and what a
/// request's signature may and may not look like.
@Suite struct URLSigningTests {
    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test func hmacSHA1GivesRFC2202sAnswers() {
        let cases: [([UInt8], [UInt8], String)] = [
            (Array(repeating: 0x0B, count: 20), Array("Hi There".utf8), "b617318655057264e28bc0b6fb378c8ef146be00"),
            (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8), "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"),
            (Array(repeating: 0xAA, count: 20), Array(repeating: 0xDD, count: 50), "125d7342b9ac11cd91a39af48aa17b4f63f175d3"),
            (Array(1...25), Array(repeating: 0xCD, count: 50), "4c9007f4026250c6bc8414f9bf50c86c2d7235da"),
            (Array(repeating: 0x0C, count: 20), Array("Test With Truncation".utf8), "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"),
            (Array(repeating: 0xAA, count: 80), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8), "aa4ae5e15272d00e95705637ce8a3b55ed402112"),
            (Array(repeating: 0xAA, count: 80), Array("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data".utf8), "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"),
            // Python's hmac: an empty key and message, and a million bytes (FIPS 180's long SHA-1 message).
            ([], [], "fbdb1d1b18aa6c08324b7d64b71fb76370690e1d"),
            (Array("key".utf8), Array(repeating: UInt8(ascii: "a"), count: 1_000_000), "c8b938cda1de7696fa98a55af7d3779291a56496"),
        ]
        for (key, message, expected) in cases {
            #expect(Self.hex(HMACSHA1.digest(key: key, message: message)) == expected, "\(expected)")
        }
    }

    @Test func signaturesAreGooglesWorkedExampleAndPythonsAnswers() throws {
        let google = try URLSigning(file: "s", bytes: Array("vNIXE0xscrmjlyV-12Nj_BvUPaw=\n".utf8))
        let googleSecret = try #require(google.secrets.first)
        #expect(URLSigning.signature(of: "/maps/api/geocode/json?address=New+York&client=clientID", secret: googleSecret) == "chaRF2hTJKOScPr-RQCEhZbSzIE=")
        // python3 -c "import hmac,hashlib,base64; k=base64.urlsafe_b64decode(SECRET); print(base64.urlsafe_b64encode(hmac.new(k, URL.encode(), hashlib.sha1).digest()))"
        let ours = try URLSigning(file: "s", bytes: Array("c2lnbmluZy1zZWNyZXQtZm9yLWluZm93aW4=".utf8))
        let url = "/staticmap?center=40.714728,-73.998672&zoom=12&size=400x400&markers=color:blue%7Clabel:S%7C40.702147,-74.015794&key=ABC"
        #expect(URLSigning.signature(of: url, secret: try #require(ours.secrets.first)) == "JzZ6qy6jOhIoe2sMa6-kzuMkCpM=")
    }

    private static let signing = try! URLSigning(file: "secrets", bytes: Array("# new\nc2lnbmluZy1zZWNyZXQtZm9yLWluZm93aW4=\n\n# old, still valid\r\nb2xkLXNlY3JldA==\r\n".utf8))

    private static func request(_ query: String) -> HTTPRequest {
        HTTPRequest(method: "GET", path: "/staticmap", query: query)
    }

    @Test func anySecretOfTheFileSignsAndTheSignedQueryIsWhatComesBeforeTheSignature() throws {
        let base = "center=51.5,-0.12&zoom=11&size=200x100"
        #expect(try Self.signing.verify(Self.request(base + "&signature=UbGfc2Sg6vaccNE7tb87ngGMXWs=")) == base)
        #expect(try Self.signing.verify(Self.request(base + "&signature=8-5SmsH7PMIMNhWLkwRiXbzg4K8=")) == base)
        // Padding may be left out or percent-encoded, as URL builders write it.
        #expect(try Self.signing.verify(Self.request(base + "&signature=UbGfc2Sg6vaccNE7tb87ngGMXWs")) == base)
        #expect(try Self.signing.verify(Self.request(base + "&signature=UbGfc2Sg6vaccNE7tb87ngGMXWs%3D")) == base)
    }

    @Test func aMissingWrongMisplacedOrMalformedSignatureIs403() {
        let base = "center=51.5,-0.12&zoom=11&size=200x100"
        let good = "UbGfc2Sg6vaccNE7tb87ngGMXWs="
        let refused = [
            base, base + "&signature=", base + "&signature=AAAAAAAAAAAAAAAAAAAAAAAAAAA=",
            // Standard base64's alphabet, extra padding, a character that is no base64, a truncated one.
            base + "&signature=UbGfc2Sg6vaccNE7tb87ngGMXWs==", base + "&signature=UbGfc2Sg6vaccNE7tb87ngGMXW+=",
            base + "&signature=UbGfc2Sg6vaccNE7tb87ngGMXWs=%00", base + "&signature=UbGfc2Sg6vaccNE7tb87ngGMX",
            base + "&signature=" + String(repeating: "A", count: 10_000),
            // Not the last parameter, given twice, or over a query that differs by a byte or its encoding.
            base + "&signature=\(good)&scale=2", "signature=\(good)&" + base, base + "&signature=\(good)&signature=\(good)",
            base.replacingOccurrences(of: "11", with: "12") + "&signature=\(good)",
            base.replacingOccurrences(of: ",", with: "%2C") + "&signature=\(good)",
        ]
        for query in refused {
            #expect(throws: Problem.self, "\(query.prefix(120))") { try Self.signing.verify(Self.request(query)) }
            do throws(Problem) { _ = try Self.signing.verify(Self.request(query)) } catch { #expect(error.status == 403) }
        }
    }

    @Test func aSecretsFileWithNoSecretOrALineThatIsNotURLSafeBase64IsRefusedNamingTheLine() {
        for (text, line) in [("", nil), ("# only a comment\n\n", nil), ("c2lnbmluZw==\nnot base64!\n", 2), ("a+b/cw==\n", 1), ("=\n", 1)] as [(String, Int?)] {
            do throws(URLSigning.FileError) {
                _ = try URLSigning(file: "keys.txt", bytes: Array(text.utf8))
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.message.hasPrefix("keys.txt" + (line.map { ":\($0):" } ?? ":")), "\(error.message)")
            }
        }
    }
}
