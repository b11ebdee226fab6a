package com.example.shop

import com.therouter.router.Route

/* TheRouter for Android accepts whole URLs as paths. */
@Route(path = "http://therouter.com/profile", description = "Profile")
class ProfileFragment : Fragment()

@Route(path = "/shop/order")
class OrderActivity : AppCompatActivity()

const val BASE = "http://therouter.com"

@Route(path = "$BASE/about")
class AboutActivity : AppCompatActivity()

object Paths {
    const val CART = "/shop/cart"
}

@Route(path = Paths.CART)
class CartFragment : Fragment()
