import Foundation
import Formwork
import Testing

/// `formwork preview`'s locale switch, driven over real HTTP as the browser drives it: the state
/// lists the languages the page's texts have, and switching opens the page again in that language
/// (keeping what was typed), with its direction for the layout.
@Suite("formwork preview: locale switch")
struct PreviewLocaleTests {
    @Test func switchingShowsThePageInThatLanguageKeepingWhatWasTyped() async throws {
        let preview = try await PreviewProcess.start(PreviewProcess.pages)
        let events = try await EventStreamClient.open(port: preview.port, "/api/preview/order.json/events")
        let english = try await events.waitForState("the order in English") { $0["page"]?["title"] == "Order (4 items)" }
        #expect(english["locales"] == ["en", "zh-Hans"])
        #expect(english["locale"] == "en")
        #expect(english["direction"] == "ltr")

        _ = try await PreviewPageTests.action(preview, "order.json", #"{"do": "edit", "key": "note", "value": "Ring twice"}"#)
        try await events.waitForState("the note") { $0["data"]?["note"] == "Ring twice" }
        let answer = try await PreviewPageTests.action(preview, "order.json", #"{"do": "locale", "locale": "zh-Hans"}"#)
        #expect(answer.status == 200)
        let chinese = try await events.waitForState("the order in Chinese") { $0["page"]?["title"] == "订单（4 件）" }
        #expect(chinese["locale"] == "zh-Hans")
        #expect(chinese.attribute("subtotal.amount", "text") == "小计 ¥66.00")
        #expect(chinese["data"]?["note"] == "Ring twice", "switching keeps what was typed")

        let bad = try await PreviewPageTests.action(preview, "order.json", #"{"do": "locale", "locale": "not a tag"}"#)
        #expect(bad.status == 400)
        #expect(bad.body.contains("isn't a language tag"))

        // null goes back to the preview's own --locale (none: the page's default language).
        _ = try await PreviewPageTests.action(preview, "order.json", #"{"do": "locale", "locale": null}"#)
        try await events.waitForState("the order in English again") { $0["page"]?["title"] == "Order (4 items)" && $0["locale"] == "en" }
        #expect(try await preview.interrupt().status == 0)
    }

    @Test func aRightToLeftLocaleSaysSo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-rtl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("""
            {"page": "cart", "title": {"text": "title"},
             "strings": {"en": {"title": "Cart"}, "ar": {"title": "السلة"}, "zh-Hans": {"title": "购物车"}},
             "components": [{"id": "label", "key": "dir", "attributes": {"text": {"template": "${$page.direction}"}}}]}
            """.utf8).write(to: folder.appendingPathComponent("cart.json"))
        let preview = try await PreviewProcess.start(folder, ["--locale", "zh-CN"])
        let events = try await EventStreamClient.open(port: preview.port, "/api/preview/cart.json/events")
        let chinese = try await events.waitForState("the cart for --locale zh-CN") { $0["page"]?["title"] == "购物车" }
        #expect(chinese["locales"] == ["ar", "en", "zh-Hans"])
        #expect(chinese["locale"] == "zh-CN")
        _ = try await PreviewPageTests.action(preview, "cart.json", #"{"do": "locale", "locale": "ar"}"#)
        let arabic = try await events.waitForState("the cart in Arabic") { $0["page"]?["title"] == "السلة" }
        #expect(arabic["direction"] == "rtl")
        #expect(arabic.attribute("dir", "text") == "rtl")
        #expect(try await preview.interrupt().status == 0)
    }
}
