<?php
// `php install-site.php <site folder> <site URL>`: installs the WordPress in the folder (its
// wp-config.php written) for that URL, as wp-admin/install.php would, adds an Author, and prints as
// JSON the logins and application passwords (REST over HTTP Basic) of the administrator and the
// author, and the administrator's password (wp-login.php).

[, $site, $url] = $argv;
// WordPress takes the site's URL from the request's host, as in wp-admin/install.php.
$_SERVER['HTTP_HOST'] = parse_url( $url, PHP_URL_HOST ) . ':' . parse_url( $url, PHP_URL_PORT );
define( 'WP_INSTALLING', true );
require $site . '/wp-load.php';
require ABSPATH . 'wp-admin/includes/upgrade.php';

// wp_install() mails the administrator; a test machine has no mail server.
add_filter( 'pre_wp_mail', '__return_false' );

$admin_password = wp_generate_password( 24 );
$installed      = wp_install( 'scim-generator on WordPress', 'admin', 'admin@example.test', false, '', $admin_password );
$author_id      = wp_insert_user(
	array(
		'user_login' => 'author',
		'user_pass'  => wp_generate_password( 24 ),
		'user_email' => 'author@example.test',
		'role'       => 'author',
	)
);
// Avatars come from gravatar.com, which a test machine may not reach.
update_option( 'show_avatars', 0 );
if ( is_wp_error( $author_id ) ) {
	fwrite( STDERR, $author_id->get_error_message() . "\n" );
	exit( 1 );
}

function application_password( $user_id ) {
	[ $password ] = WP_Application_Passwords::create_new_application_password( $user_id, array( 'name' => 'scim-generator test' ) );
	return $password;
}

echo wp_json_encode(
	array(
		'admin'  => array(
			'login'               => 'admin',
			'password'            => $admin_password,
			'applicationPassword' => application_password( $installed['user_id'] ),
		),
		'author' => array(
			'login'               => 'author',
			'applicationPassword' => application_password( $author_id ),
		),
	)
);
