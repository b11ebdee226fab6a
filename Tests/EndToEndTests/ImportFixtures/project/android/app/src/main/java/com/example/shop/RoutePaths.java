package com.example.shop;

public final class RoutePaths {
    public static final String SETTINGS = "/app/settings";
    public static final String LEGACY = SETTINGS + "/legacy";

    private RoutePaths() {}
}
