package com.example.shop;

import com.alibaba.android.arouter.facade.annotation.Route;

// ARouter: the path is /group/page.
@Route(path = "/test/activity")
public class DetailActivity extends AppCompatActivity {
    @Override
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        String s = "@Route(path = \"/in/a/string\")";
    }
}

@Route(path = RoutePaths.SETTINGS)
class SettingsActivity extends AppCompatActivity {}

@Route(path = RoutePaths.LEGACY)
class LegacySettingsActivity extends AppCompatActivity {}
