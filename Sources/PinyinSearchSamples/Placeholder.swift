enum PlaceholderPinyinSearchSamples {}
