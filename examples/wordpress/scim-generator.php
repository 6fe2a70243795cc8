<?php
/**
 * Plugin Name:       SCIM Generator
 * Description:       The &lt;scim-generator&gt; element in posts and pages: a [scim_generator] shortcode, the raw tag kept for authors without unfiltered_html, and the element's script loaded on the pages that show one.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * License:           MIT
 *
 * The plugin's folder also holds two files of the scim-generator package (see readme.txt): its
 * classic script, and its custom-elements.json, from which the tag and attribute names are read,
 * so they are always those of the script beside them.
 */

defined( 'ABSPATH' ) || exit;

/** The classic (IIFE) build: one self-contained file, which WordPress's `?ver=` does not disturb. */
const SCIM_GENERATOR_SCRIPT_FILE = 'scim-generator.iife.js';
/** The package's element manifest. */
const SCIM_GENERATOR_MANIFEST_FILE = 'custom-elements.json';
/** `[scim_generator resource-type="Groups"]` */
const SCIM_GENERATOR_SHORTCODE = 'scim_generator';

$scim_generator_missing = array_filter(
	array( SCIM_GENERATOR_SCRIPT_FILE, SCIM_GENERATOR_MANIFEST_FILE ),
	function ( $file ) {
		return ! is_readable( __DIR__ . '/' . $file );
	}
);
if ( $scim_generator_missing ) {
	add_action(
		'admin_notices',
		function () use ( $scim_generator_missing ) {
			if ( ! current_user_can( 'activate_plugins' ) ) {
				return;
			}
			printf(
				'<div class="notice notice-error"><p>%s</p></div>',
				esc_html(
					sprintf(
						'SCIM Generator does nothing yet: copy %s from the scim-generator package into %s.',
						implode( ' and ', $scim_generator_missing ),
						__DIR__
					)
				)
			);
		}
	);
	return;
}

/** The element's declaration in custom-elements.json: its `tagName` and `attributes`. */
function scim_generator_element() {
	static $element = null;
	if ( null === $element ) {
		$manifest = json_decode( file_get_contents( __DIR__ . '/' . SCIM_GENERATOR_MANIFEST_FILE ), true );
		foreach ( $manifest['modules'] as $module ) {
			foreach ( $module['declarations'] as $declaration ) {
				if ( ! empty( $declaration['customElement'] ) ) {
					$element = $declaration;
				}
			}
		}
	}
	return $element;
}

function scim_generator_tag() {
	return scim_generator_element()['tagName'];
}

/** @return string[] */
function scim_generator_attribute_names() {
	return array_column( scim_generator_element()['attributes'], 'name' );
}

// On `init`, not `wp_enqueue_scripts`: block themes render the content, where the tag is found,
// before `wp_head`. In the footer, so the tag is parsed before the script defines it.
add_action(
	'init',
	function () {
		wp_register_script(
			scim_generator_tag(),
			plugins_url( SCIM_GENERATOR_SCRIPT_FILE, __FILE__ ),
			array(),
			// The file's time as its version: browsers fetch it again once it is replaced.
			(string) filemtime( __DIR__ . '/' . SCIM_GENERATOR_SCRIPT_FILE ),
			true
		);
	}
);

// Authors and editors without `unfiltered_html` have their posts filtered by kses with the 'post'
// allowlist, which would strip the tag: allow it with the element's own attributes, and no others.
add_filter(
	'wp_kses_allowed_html',
	function ( $tags, $context ) {
		if ( 'post' === $context ) {
			$tags[ scim_generator_tag() ] = array_fill_keys( scim_generator_attribute_names(), true );
		}
		return $tags;
	},
	10,
	2
);

// A raw tag in the content loads the script (after do_shortcode, at 11, whose output loads it itself).
add_filter(
	'the_content',
	function ( $content ) {
		if ( false !== strpos( $content, '<' . scim_generator_tag() ) ) {
			wp_enqueue_script( scim_generator_tag() );
		}
		return $content;
	},
	12
);

add_shortcode(
	SCIM_GENERATOR_SHORTCODE,
	function ( $given ) {
		$names      = scim_generator_attribute_names();
		$attributes = array_filter( shortcode_atts( array_fill_keys( $names, null ), $given, SCIM_GENERATOR_SHORTCODE ), 'is_string' );
		$html       = '';
		foreach ( $attributes as $name => $value ) {
			$html .= sprintf( ' %s="%s"', $name, esc_attr( $value ) );
		}
		wp_enqueue_script( scim_generator_tag() );
		return sprintf( '<%1$s%2$s></%1$s>', scim_generator_tag(), $html );
	}
);
