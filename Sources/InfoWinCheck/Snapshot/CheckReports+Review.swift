import InfoWinKit

extension CheckReports {
    /// The request header the review token goes in (a header a cross-site form cannot send, and a
    /// cross-site script cannot send without a preflight the server never allows).
    package static let reviewTokenHeader = "X-Infowin-Review-Token"
    /// The path approvals are posted to, relative to the page.
    package static let approvePath = "approve"

    /// The report page `page` (as `check --report` or `report merge` wrote it) as `infowin review` serves
    /// it: the run's `token` in a `<meta>` at the top of its head, where the page's script finds it and
    /// shows the approve buttons. Nil when `page` is not a report page (it has no head).
    package static func reviewPage(_ page: String, token: String) -> String? {
        guard page.contains(ReportPageAssets.reviewTokenMeta), let head = page.firstRange(of: "<head>") else { return nil }
        let meta = "\n<meta name=\"\(ReportPageAssets.reviewTokenMeta)\" content=\"\(escape(token))\">"
        return String(page[..<head.upperBound]) + meta + String(page[head.upperBound...])
    }
}
