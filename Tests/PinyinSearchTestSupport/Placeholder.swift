enum PlaceholderSupport {}
