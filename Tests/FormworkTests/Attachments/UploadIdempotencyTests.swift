import Foundation
import Testing
import Formwork
import FormworkTesting

/// `upload` sends an `Idempotency-Key` on the same terms as `api`: one per submission (the same
/// files and fields from the same action), the same on a retry, a new one once an answer settled
/// it; `idempotencyKey: false` sends none.
@Suite("Upload's Idempotency-Key")
@MainActor
struct UploadIdempotencyTests {
    static func page(_ extra: String = "") -> String {
        """
        {"page": "expense", "data": {"receipt": []},
         "components": [{"id": "file", "key": "receipt", "attributes": {"title": "Receipt", "value": {"expr": "$data.receipt"}}}],
         "interactions": {"send": [{"id": "upload", "attributes": {"url": "/api/receipts", "files": {"expr": "$data.receipt"}\(extra)}}]},
         "onError": [{"id": "ignore"}]}
        """
    }

    private func harness(_ extra: String = "") async throws -> (PageHarness, AttachmentFolder) {
        let folder = try AttachmentFolder()
        try folder.file("receipt.png", size: 2_000)
        try folder.file("other.png", size: 1_000)
        let harness = PageHarness(registry: .standard(behavior: .v2))
        harness.fileFolder = folder.url
        harness.engine.host.idempotencyKeys = .counting(prefix: "u-")
        harness.stub.on("POST", "/api/receipts", .json(503, ["message": "busy"]), .json(201, ["id": 1]))
        try await harness.open(json: Self.page(extra))
        return (harness, folder)
    }

    @Test func theSameUploadKeepsItsKeyUntilTheServerSettlesIt() async throws {
        let (harness, folder) = try await harness()
        defer { harness.close(); folder.remove() }
        try await harness.attach(["receipt.png"], to: "receipt")
        try await harness.trigger("send")   // 503: not settled
        try await harness.trigger("send")   // the retry: 201
        try await harness.attach(["other.png"], to: "receipt")
        try await harness.trigger("send")   // another file: a new submission
        #expect(harness.requests.map(\.response?.status) == [503, 201, 201])
        #expect(harness.requests.map { $0.headers["Idempotency-Key"] } == ["u-1", "u-1", "u-2"])
    }

    @Test func idempotencyKeyFalseSendsNone() async throws {
        let (harness, folder) = try await harness(#", "idempotencyKey": false"#)
        defer { harness.close(); folder.remove() }
        try await harness.attach(["receipt.png"], to: "receipt")
        try await harness.trigger("send")
        #expect(harness.requests.count == 1 && harness.requests[0].headers["Idempotency-Key"] == nil)
    }
}
