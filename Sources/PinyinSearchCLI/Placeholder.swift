enum PlaceholderPinyinSearchCLI {}
