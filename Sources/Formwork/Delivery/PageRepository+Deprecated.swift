import Foundation

extension PageRepository {
    /// Why a page can't run with `registry` and no block library.
    @available(*, deprecated, message: "name the libraries: PageRepository.unusable(_:registry:libraries:) with repository.libraries(), or libraries: .empty for none")
    public static func unusable(_ data: Data, registry: Registry) -> String? {
        unusable(data, registry: registry, libraries: .empty)
    }
}
